// compat-api §22: ShowDoc's purge on demand for an outside cron. Quire purges on its own schedule
// (api/src/domain/jobs); this call stays for existing cron set-ups that send CRON_TOKEN.
import { DomainError } from '../../../api/src/domain';
import { action, type Controller } from '../action';

export const scriptCron: Controller = {
  /** Needs header `X-Cron-Token` equal to CRON_TOKEN; otherwise HTTP 403, as ShowDoc answers. */
  run: action({
    auth: 'anon',
    params: {},
    async handle({ services, request, reply }) {
      const header = request.headers['x-cron-token'];
      try {
        await services.jobs.runByCron(typeof header === 'string' ? header.trim() : '');
      } catch (err) {
        if (!(err instanceof DomainError) || err.codeName !== 'CronForbidden') throw err;
        await reply
          .code(403)
          .type('application/json; charset=utf-8')
          .send({ error_code: err.info.showdoc, error_message: err.localized('zh') });
        return;
      }
      return { message: '定时任务执行完成' };
    },
  }),
};
