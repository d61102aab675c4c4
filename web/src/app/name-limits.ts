/**
 * The server's length limits of names, in characters, shown in the inputs (`maxLength`) so nobody types a
 * name the server then refuses. `test/name-limits.test.ts` keeps them equal to the domain's.
 */
export const NAME_LIMITS = {
  item: 200,
  catalog: 200,
  pageTitle: 255,
  team: 100,
  itemGroup: 100,
  template: 255,
} as const;
