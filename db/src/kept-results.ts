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

/**
 * Large rows (a page with its content) kept by statement and parameters under one version, at most
 * `budget` characters of text in all: when a row would pass it, the rows kept longest ago go first (a row
 * given again counts as new). A new version drops them all. Kept rows are frozen and shared.
 */
export class KeptLargeRows {
  private version: unknown = undefined;
  private readonly rows = new Map<string, { row: object; chars: number }>();
  private chars = 0;

  constructor(private readonly budget: number) {}

  find(version: unknown, key: string): object | undefined {
    if (version !== this.version) {
      this.rows.clear();
      this.chars = 0;
      this.version = version;
      return undefined;
    }
    const kept = this.rows.get(key);
    if (!kept) return undefined;
    // The most recently given last: eviction takes the rows no one asked for longest.
    this.rows.delete(key);
    this.rows.set(key, kept);
    return kept.row;
  }

  /** Freezes `row`, read under `version`, and keeps it if the version did not move on meanwhile. */
  keep(version: unknown, key: string, row: object): object {
    Object.freeze(row);
    const chars = textLength(row);
    if (version !== this.version || chars > this.budget) return row;
    const earlier = this.rows.get(key);
    if (earlier) {
      this.rows.delete(key);
      this.chars -= earlier.chars;
    }
    for (const [oldest, kept] of this.rows) {
      if (this.chars + chars <= this.budget) break;
      this.rows.delete(oldest);
      this.chars -= kept.chars;
    }
    this.rows.set(key, { row, chars });
    this.chars += chars;
    return row;
  }

  /** Characters of text kept now. */
  get size(): number {
    return this.chars;
  }
}

/** The characters of a row's text values, plus a few for each other value. */
function textLength(row: object): number {
  let chars = 0;
  for (const value of Object.values(row)) chars += typeof value === 'string' ? value.length : 8;
  return chars;
}
