/** Statements (with their parameters) whose rows are kept under one version; past it they are all dropped. */
export const KEPT_STATEMENTS = 2_000;
/** Results of more rows than this are read every time. */
export const KEPT_ROWS_MAX = 200;

/**
 * Results of small reads kept by statement and parameters under one version (issue #14): the embedded
 * database's `data_version` (`KeptRows`), or a commit clock's (`CommitClock`). A new version drops them all.
 * Kept rows are frozen and shared by every reader.
 */
export class KeptResults {
  private version: unknown = undefined;
  private readonly bySql = new Map<string, Map<string, readonly object[]>>();
  private entries = 0;

  /** What is kept of `sql` with the parameters `key` (`paramsKey`) under `version`, dropping another's. */
  find(version: unknown, sql: string, key: string): readonly object[] | undefined {
    if (version !== this.version) {
      this.bySql.clear();
      this.entries = 0;
      this.version = version;
    }
    return this.bySql.get(sql)?.get(key);
  }

  /**
   * Freezes `rows`, read under `version`, and keeps them unless they are many or the version moved on
   * while they were read (a later `find` dropped it already).
   */
  keep(version: unknown, sql: string, key: string, rows: object[]): readonly object[] {
    for (const row of rows) Object.freeze(row);
    Object.freeze(rows);
    if (rows.length <= KEPT_ROWS_MAX && version === this.version) {
      if (this.entries >= KEPT_STATEMENTS) {
        this.bySql.clear();
        this.entries = 0;
      }
      let byParams = this.bySql.get(sql);
      if (!byParams) this.bySql.set(sql, (byParams = new Map()));
      byParams.set(key, rows);
      this.entries++;
    }
    return rows;
  }
}

/** Parameters as a key: each value with its type, so `1` and `'1'` (bound differently) differ. */
export function paramsKey(params: readonly unknown[]): string {
  return JSON.stringify(
    params.map((value) => (value instanceof Date ? ['d', value.getTime()] : [typeof value, value ?? null])),
  );
}
