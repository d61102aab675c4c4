// libsql ships no typings; the better-sqlite3-compatible surface the importer and backup use.
declare module 'libsql' {
  interface Statement {
    all(...params: unknown[]): unknown[];
    get(...params: unknown[]): unknown;
    run(...params: unknown[]): unknown;
    iterate(...params: unknown[]): IterableIterator<unknown>;
  }
  class Database {
    constructor(path: string, options?: { readonly?: boolean });
    prepare(sql: string): Statement;
    exec(sql: string): void;
    close(): void;
  }
  export default Database;
}
