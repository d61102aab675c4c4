import crypto from 'node:crypto';
import argon2 from 'argon2';
import bcrypt from 'bcryptjs';

/** The hash of an account without a local password (directory users): no password ever verifies. */
export const NO_LOCAL_PASSWORD = '!no-local-password';

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

/**
 * ShowDoc's pre-bcrypt scheme, `md5(base64(md5(pw)) . "576hbgh6" . salt)`, as the ShowDoc importer stores
 * it (`showdoc-md5$<salt>$<32 hex>`): Quire never produces it, it only lets imported users sign in once.
 */
export const SHOWDOC_MD5_PREFIX = 'showdoc-md5$';

export function showdocLegacyHash(salt: string, md5Hex: string): string {
  return `${SHOWDOC_MD5_PREFIX}${salt}$${md5Hex.toLowerCase()}`;
}

const md5 = (text: string): string => crypto.createHash('md5').update(text, 'utf8').digest('hex');

function verifyShowdocMd5(stored: string, plain: string): boolean {
  const rest = stored.slice(SHOWDOC_MD5_PREFIX.length);
  const cut = rest.lastIndexOf('$');
  const salt = rest.slice(0, cut);
  const expected = rest.slice(cut + 1);
  if (cut < 0 || !/^[0-9a-f]{32}$/.test(expected)) return false;
  const actual = md5(Buffer.from(md5(plain)).toString('base64') + '576hbgh6' + salt);
  return crypto.timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    // Imported ShowDoc accounts: PHP's password_hash (bcrypt, `$2y$`) and the legacy md5 scheme.
    if (/^\$2[aby]\$/.test(hash)) return await bcrypt.compare(plain, hash);
    if (hash.startsWith(SHOWDOC_MD5_PREFIX)) return verifyShowdocMd5(hash, plain);
    return await argon2.verify(hash, plain);
  } catch {
    // A malformed stored hash is a failed check, never a crash.
    return false;
  }
}

/** True for a hash of another scheme than argon2id (an imported ShowDoc one): rehash at the next sign-in. */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith('$argon2id$');
}

/**
 * A hash of a random password, verified against when the user does not exist, so that a missing
 * account and a wrong password take the same time.
 */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}
