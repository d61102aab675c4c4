import { describe, expect, it } from '@jest/globals';
import { needsRehash, showdocLegacyHash, verifyPassword } from './password';

// Hashes written by a real ShowDoc 3.9.2 (../shared/fixtures/showdoc-3.9.2/README.md): `alice` (bcrypt,
// PHP's `$2y$`) and `legacy_lin` (md5 scheme, salt 7be04d5a).
const LEGACY_LIN = showdocLegacyHash('7be04d5a', '2ce025d5d53e72c271907a8cdc3bd559');

describe('ShowDoc password schemes', () => {
  it('verifies the legacy md5 scheme with its salt, and nothing else', async () => {
    expect(await verifyPassword(LEGACY_LIN, 'lin_legacy_2018')).toBe(true);
    expect(await verifyPassword(LEGACY_LIN, 'lin_legacy_2019')).toBe(false);
    expect(
      await verifyPassword(showdocLegacyHash('other', '2ce025d5d53e72c271907a8cdc3bd559'), 'lin_legacy_2018'),
    ).toBe(false);
    expect(await verifyPassword('showdoc-md5$broken', 'x')).toBe(false);
  });

  it('verifies PHP bcrypt ($2y$) hashes', async () => {
    const bcrypt = (await import('bcryptjs')).default;
    const php = bcrypt.hashSync('Alice#Handbook2026', 10).replace(/^\$2b\$/, '$2y$');
    expect(await verifyPassword(php, 'Alice#Handbook2026')).toBe(true);
    expect(await verifyPassword(php, 'alice#handbook2026')).toBe(false);
  });

  it('asks for a rehash of anything that is not argon2id', () => {
    expect(needsRehash(LEGACY_LIN)).toBe(true);
    expect(needsRehash('$2y$10$abcdefghijklmnopqrstuv')).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=65536,t=3,p=4$abc$def')).toBe(false);
  });
});
