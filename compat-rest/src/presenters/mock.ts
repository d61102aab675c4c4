// compat-api §13.2: the mock row, every value a string, times as `YYYY-MM-DD HH:MM:SS`.
import type { Mock } from '../../../db/src';
import { localTime, s } from '../wire';
import type { Row } from './document';

export function mockRow(mock: Mock): Row {
  return {
    id: s(mock.id),
    unique_key: mock.uniqueKey,
    uid: s(mock.user.id),
    page_id: s(mock.page.id),
    item_id: s(mock.item.id),
    view_times: s(mock.viewTimes),
    template: mock.template,
    addtime: localTime(mock.createdAt),
    last_update_time: localTime(mock.updatedAt),
    path: mock.path,
  };
}
