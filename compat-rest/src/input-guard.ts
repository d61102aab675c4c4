import { findForbiddenText } from '../../api/src/domain';
import type { RequestParams } from './params';

/**
 * The name of the first parameter (path, form/JSON/multipart body or query) whose text holds NUL or
 * another control character, or null: such a request is refused with 10101 before any action runs.
 */
export function forbiddenParam(params: RequestParams): string | null {
  for (const source of [params.path, params.body, params.query]) {
    const found = findForbiddenText(source);
    if (found !== null) return found;
  }
  return null;
}
