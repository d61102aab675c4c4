/** A query's object as an input value: Apollo adds `__typename` at run time, which input types refuse. */
export function withoutTypename<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '__typename')) as T;
}
