/** An input with its nullable fields' `null` taken out of their types: absent is how the domain says "not given". */
export type NullAsAbsent<T> = { [K in keyof T]: Exclude<T[K], null> };

/**
 * GraphQL lets a client send an optional input field as null or leave it out; both mean "not given", and
 * the domain's inputs only know leaving out. The fields that are null are dropped.
 */
export function nullAsAbsent<T extends object>(input: T): NullAsAbsent<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null)) as NullAsAbsent<T>;
}
