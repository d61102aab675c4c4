import crypto from 'node:crypto';

/** 64 random bytes as 128 lowercase hex characters: the same shape as ShowDoc's `user_token`. */
export function newToken(): string {
  return crypto.randomBytes(64).toString('hex');
}

/** Tokens are stored only as their SHA-256, so the table never holds a usable credential. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
