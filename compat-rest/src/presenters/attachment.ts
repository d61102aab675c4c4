import type { Attachment } from '../../../db/src';
import type { FileView } from '../../../api/src/domain';
import { localTime, type Wire } from '../wire';

export const megabytes = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 1000) / 1000;

/** `page/uploadList` rows (compat-api §11.4). */
export function pageFileRow(file: Attachment, urlBase: string): Wire {
  return {
    file_id: file.id,
    display_name: file.displayName,
    url: urlBase + file.sign,
    addtime: localTime(file.createdAt),
    file_type: file.fileType,
  };
}

/** `getMyList` rows, and `getAllList` rows with the uploader's name (compat-api §11.6, §11.9). */
export function fileListRow(view: FileView, urlBase: string, withUsername: boolean): Wire {
  const { file } = view;
  const size = Number(file.fileSize);
  const row: { [key: string]: Wire } = {
    file_id: file.id,
    uid: view.uploader.id,
    file_type: file.fileType,
    visit_times: file.visitTimes,
    file_size: size,
    item_id: view.itemId,
    page_id: view.pageId,
    file_size_m: megabytes(size),
    display_name: file.displayName,
    url: urlBase + file.sign,
    addtime: localTime(file.createdAt),
    last_visit_time: localTime(file.lastVisitAt),
  };
  if (withUsername) row.username = view.uploader.username;
  return row;
}

/** `getUnusedList` rows (compat-api §11.11). */
export function unusedFileRow(view: FileView): Wire {
  const size = Number(view.file.fileSize);
  return {
    file_id: view.file.id,
    display_name: view.file.displayName,
    file_size: size,
    file_size_m: megabytes(size),
    addtime: localTime(view.file.createdAt),
    username: view.uploader.username,
    uid: view.uploader.id,
  };
}
