import argon2 from 'argon2';

/** The hash of an account without a local password (directory users): no password ever verifies. */
export const NO_LOCAL_PASSWORD = '!no-local-password';

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    // A malformed stored hash is a failed check, never a crash.
    return false;
  }
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
