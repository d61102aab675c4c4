/** The address a page is read at after its first save. */
export function savedPagePath(page: { id: number; itemId: number }): string {
  return `/${page.itemId}/${page.id}`;
}
