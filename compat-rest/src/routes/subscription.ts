// compat-api §12: who is notified when an editor saves a page with "notify".
import { action, type Controller } from '../action';
import { idList } from '../form-values';
import { int, str } from '../params';
import { subscriptionRow } from '../presenters/message';
import { EMPTY } from '../wire';

export const subscription: Controller = {
  getPageList: action({
    auth: 'login',
    params: { page_id: int() },
    async handle({ services, viewer }, p) {
      if (p.page_id <= 0) return EMPTY;
      return (await services.subscriptions.list(viewer, p.page_id)).map(subscriptionRow);
    },
  }),

  savePage: action({
    auth: 'login',
    params: { page_id: int(), uids: str() },
    async handle({ services, viewer }, p) {
      await services.subscriptions.add(viewer, p.page_id, idList(p.uids));
      return EMPTY;
    },
  }),

  deletePage: action({
    auth: 'login',
    params: { page_id: int(), uids: str() },
    async handle({ services, viewer }, p) {
      await services.subscriptions.remove(viewer, p.page_id, idList(p.uids));
      return EMPTY;
    },
  }),
};
