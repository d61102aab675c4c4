import crypto from 'node:crypto';

/** 64 random bytes as 128 lowercase hex characters: the same shape as ShowDoc's `user_token`. */
export function newToken(): string {
  return crypto.randomBytes(64).toString('hex');
}

/** Hashes of the tokens seen last: every request of a session hashed its token again (issue #14). */
const recentHashes = new Map<string, string>();
/** Past it the oldest entries go (~200 bytes each). */
const RECENT_HASHES = 1_000;

/** Tokens are stored only as their SHA-256, so the table never holds a usable credential. */
export function hashToken(token: string): string {
  let hash = recentHashes.get(token);
  if (hash === undefined) {
    hash = crypto.createHash('sha256').update(token).digest('hex');
    // A token is long and random, or a visitor's cookie: anything longer is hashed but not kept.
    if (token.length <= 256) {
      recentHashes.set(token, hash);
      if (recentHashes.size > RECENT_HASHES) recentHashes.delete(recentHashes.keys().next().value!);
    }
  }
  return hash;
}
