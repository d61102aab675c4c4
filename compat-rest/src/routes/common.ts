import { publicSiteInfo, QUIRE_VERSION } from '../../../api/src/domain';
import { action, type Controller } from '../action';
import { int, str } from '../params';
import { localTime, s } from '../wire';

export const common: Controller = {
  createCaptcha: action({
    auth: 'anon',
    params: {},
    async handle({ services, viewer }) {
      const captcha = await services.captchas.create(viewer.ip);
      return { captcha_id: captcha.id };
    },
  }),

  /** The image of a captcha (SVG; ShowDoc draws a PNG). Unknown or used ids answer 404 with no body. */
  showCaptcha: action({
    auth: 'anon',
    params: { captcha_id: int() },
    async handle({ services, reply }, { captcha_id }) {
      const svg = await services.captchas.image(captcha_id);
      if (!svg) return void (await reply.code(404).send(''));
      await reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg);
    },
  }),

  homePageSetting: action({
    auth: 'anon',
    params: {},
    async handle({ services }) {
      const { settings } = services;
      const info = await publicSiteInfo(settings);
      const registerOpen = await settings.stored('register_open');
      return {
        home_page: (await settings.stored('home_page')) ?? '',
        home_item: (await settings.stored('home_item')) ?? '',
        is_show_ai: info.showAi ? 1 : 0,
        beian: info.beian,
        register_open: registerOpen === null ? 1 : Number.parseInt(registerOpen, 10) || 0,
      };
    },
  }),

  version: action({
    auth: 'anon',
    params: {},
    async handle() {
      return { version: `v${QUIRE_VERSION}` };
    },
  }),
};

export const publicSquare: Controller = {
  checkEnabled: action({
    auth: 'anon',
    params: {},
    async handle({ services }) {
      return { enable: (await services.settings.flag('enable_public_square')) ? 1 : 0 };
    },
  }),

  /** Only public items (no visit password) ever appear; `content` searches the pages' text. */
  getPublicItems: action({
    auth: 'opt',
    params: { page: int(1), count: int(20), keyword: str(), search_type: str('title') },
    async handle({ services, viewer }, p) {
      const result = await services.publicSquare.list(viewer, {
        page: p.page,
        count: p.count,
        keyword: p.keyword,
        searchType: p.search_type === 'content' ? 'content' : 'title',
      });
      return {
        total: result.total,
        items: result.items.map((item) => ({
          item_id: s(item.id),
          item_name: item.name,
          item_description: item.description,
          item_type: s(item.type),
          addtime: localTime(item.createdAt),
          last_update_time: localTime(item.lastUpdateAt),
          item_domain: item.domain || s(item.id),
        })),
      };
    },
  }),
};
