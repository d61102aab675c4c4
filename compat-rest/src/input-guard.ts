import { DomainError, findForbiddenText } from '../../api/src/domain';
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

/**
 * A value the action decoded itself (`is_urlencode` content, a JSON parameter): the door's check saw only
 * its encoded form (`%00`, `\u0000`), so the decoded text is checked again before it goes anywhere.
 */
export function refuseForbiddenDecoded<T>(value: T): T {
  const found = findForbiddenText(value);
  if (found !== null) throw new DomainError('ControlCharacter');
  return value;
}
