/**
 * The URLs a mock answers at, as ShowDoc's web client shows them (compat-api §13.3): by path under the
 * item (callers append their own request path as `path`) and by the mock's key.
 */
export function mockUrls(origin: string, itemId: number, uniqueKey: string, path: string) {
  const shownPath = path.startsWith('~') ? '/' : path;
  return {
    byPath: `${origin}/server/index.php?s=mock-path/${itemId}&path=${encodeURIComponent(shownPath)}`,
    byKey: `${origin}/server/mock-data/${uniqueKey}`,
  };
}
