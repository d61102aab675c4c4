/**
 * RFC 4515 escaping of a value put into an LDAP filter: a typed `*)(uid=*` becomes a literal name that
 * matches no one, instead of widening the search (LDAP injection).
 */
export function escapeFilterValue(value: string): string {
  return Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return byte < 0x20 || byte >= 0x7f || '\\*()'.includes(c)
        ? `\\${byte.toString(16).padStart(2, '0')}`
        : c;
    })
    .join('');
}

/** The placeholder ShowDoc's search filter may hold for the typed name. */
export const USER_PLACEHOLDER = '%(user)s';

/**
 * The filter finding one user: the configured filter with the escaped name in its placeholder, or, when
 * it has none, the filter ANDed with `(<userField>=<name>)`.
 */
export function userFilter(searchFilter: string, userField: string, username: string): string {
  const escaped = escapeFilterValue(username);
  if (searchFilter.includes(USER_PLACEHOLDER)) return searchFilter.split(USER_PLACEHOLDER).join(escaped);
  return `(&${wrap(searchFilter)}(${userField}=${escaped}))`;
}

/** The filter listing every user (sync, test connection): the placeholder matches anyone. */
export function everyoneFilter(searchFilter: string): string {
  const filter = wrap(searchFilter.split(USER_PLACEHOLDER).join('*'));
  if (/objectclass/i.test(filter)) return filter;
  return `(&(|(objectClass=person)(objectClass=user)(objectClass=inetOrgPerson)(objectClass=posixAccount))${filter})`;
}

function wrap(filter: string): string {
  const trimmed = filter.trim() || '(cn=*)';
  return trimmed.startsWith('(') ? trimmed : `(${trimmed})`;
}
