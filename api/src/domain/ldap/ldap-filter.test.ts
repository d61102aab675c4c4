import { describe, expect, it } from '@jest/globals';
import { escapeFilterValue, everyoneFilter, userFilter } from './ldap-filter';

describe('LDAP filters', () => {
  it('escapes the characters that would change a filter (RFC 4515)', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b')).toBe('a\\5cb');
    expect(escapeFilterValue('nul\0')).toBe('nul\\00');
    expect(escapeFilterValue('张三')).toBe('\\e5\\bc\\a0\\e4\\b8\\89');
    expect(escapeFilterValue('plain_name-1')).toBe('plain_name-1');
  });

  it('puts the escaped name into the placeholder, or ANDs it with the user field', () => {
    expect(userFilter('(uid=%(user)s)', 'uid', 'a*')).toBe('(uid=a\\2a)');
    expect(userFilter('(objectClass=person)', 'cn', 'bob')).toBe('(&(objectClass=person)(cn=bob))');
    expect(userFilter('', 'cn', 'bob')).toBe('(&(cn=*)(cn=bob))');
  });

  it('lists everyone with the placeholder as a wildcard, adding person classes when none is named', () => {
    expect(everyoneFilter('(&(objectClass=inetOrgPerson)(uid=%(user)s))')).toBe(
      '(&(objectClass=inetOrgPerson)(uid=*))',
    );
    expect(everyoneFilter('(cn=*)')).toMatch(/^\(&\(\|\(objectClass=person\)/);
  });
});
