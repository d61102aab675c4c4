/** Quire's release; a test keeps it equal to the root package.json version. */
export const QUIRE_VERSION = '0.1.0';
