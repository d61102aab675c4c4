// Goals of issue #14 and the table of a run: pure functions, so the verdicts can be tested without a server.

/** Share of the ceiling's req/s each cell must reach on embedded SQLite at c=16. */
export const RATIO_GOALS = {
  'user/info': 0.3,
  me: 0.3,
  'item/myList': 0.15,
  myItems: 0.15,
  'page/info': 0.2,
  page: 0.2,
  'item/search': 0.15,
  search: 0.15,
  'item/info A': 0.06,
  'item { menu } A': 0.06,
  'item/info A keyword en': 0.02,
  'item/info A keyword zh': 0.02,
  'page/save': 0.025,
  savePage: 0.025,
};
export const READ_P99_AT_64_MS = 50;
export const SAVE_P50_MS = 15;
export const RSS_LIMIT_MB = 200;
/** MariaDB may be this much slower than SQLite on the same cell. */
export const MYSQL_TOLERANCE = 0.3;
export const STALL_GOALS = { healthzP99Ms: 100, saveMaxMs: 500, loopDelayP99Ms: 20 };

const pct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(x < 0.1 ? 1 : 0)} %` : '-');

/**
 * The goal of one measured row and whether it was met. `sqliteRow` is the same cell and concurrency on
 * SQLite in the same run, when there is one (MariaDB rows are judged against it).
 */
export function evaluate(row, sqliteRow) {
  const checks = [];
  const failed = row.failure ? [row.failure] : [];
  const check = (label, ok) => {
    checks.push(label);
    if (!ok) failed.push(label);
  };
  const ratioGoal = RATIO_GOALS[row.endpoint];
  const isWrite = row.kind === 'write';
  if (row.db === 'sqlite' && row.connections === 16 && ratioGoal !== undefined) {
    check(`≥ ${pct(ratioGoal)} of ceiling`, row.ratio >= ratioGoal);
  }
  if (row.db === 'sqlite' && row.connections === 16 && isWrite) {
    check(`p50 < ${SAVE_P50_MS} ms`, row.p50 < SAVE_P50_MS);
  }
  if (!isWrite && row.connections === 64) check(`p99 < ${READ_P99_AT_64_MS} ms`, row.p99 < READ_P99_AT_64_MS);
  if (row.db === 'mysql' && sqliteRow) {
    check(`≥ ${pct(1 - MYSQL_TOLERANCE)} of SQLite`, row.rps >= (1 - MYSQL_TOLERANCE) * sqliteRow.rps);
  }
  check('0 errors', row.errors === 0);
  check(`RSS < ${RSS_LIMIT_MB} MB`, row.rssMb !== null && row.rssMb < RSS_LIMIT_MB);
  return { goal: checks.join(', '), pass: failed.length === 0, failed };
}

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/** A markdown table of the measured rows with their verdicts (rows from `evaluate` as `verdict`). */
export function markdownTable(rows) {
  const header = [
    'db',
    'cell',
    'c',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx / errors',
    'peak RSS MB',
    'vs ceiling',
    'server CPU ms/req (% of a core)',
    'vs ceiling by CPU',
    'goal',
    'result',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const cells = [
      row.db,
      row.name,
      String(row.connections),
      fixed(row.rps, 0),
      fixed(row.p50, 1),
      fixed(row.p99, 1),
      `${row.non2xx} / ${row.errors - row.non2xx}`,
      fixed(row.rssMb, 0),
      row.ratio === null ? '-' : pct(row.ratio),
      `${fixed(row.cpuMs, 2)} (${fixed(row.cpuShare * 100, 0)} %)`,
      row.cpuRatio === null || row.cpuRatio === undefined ? '-' : pct(row.cpuRatio),
      row.verdict?.goal ?? '',
      row.verdict ? (row.verdict.pass ? 'PASS' : `**FAIL** (${row.verdict.failed.join('; ')})`) : '',
    ];
    lines.push(`| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** p-th percentile (nearest rank) of unsorted numbers; NaN for none. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
