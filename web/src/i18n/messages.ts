import type { en } from './en';

/** The shape of a language file: the English keys, every leaf a string. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Messages = Strings<typeof en>;
