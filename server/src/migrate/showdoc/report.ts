/** What an import did, per kind of row; printed by the CLI and returned to tests. */
export interface KindCount {
  imported: number;
  /** Already brought in by an earlier run. */
  already: number;
  skipped: number;
}

export interface ImportReport {
  counts: Record<string, KindCount>;
  /** Rows not imported, or imported with a change, and why. */
  notes: Array<{ kind: string; id: number | string; reason: string }>;
  /** Ids that were taken in Quire and had to change: `/{item}/{page}` bookmarks of these break. */
  remapped: Array<{ kind: string; from: number; to: number }>;
  /** Source tables with rows that Quire has no place for. */
  notImportedTables: Array<{ table: string; rows: number }>;
  dryRun: boolean;
  elapsedMs: number;
}

export function emptyReport(dryRun: boolean): ImportReport {
  return { counts: {}, notes: [], remapped: [], notImportedTables: [], dryRun, elapsedMs: 0 };
}

export function count(report: ImportReport, kind: string, outcome: keyof KindCount, n = 1): void {
  const row = (report.counts[kind] ??= { imported: 0, already: 0, skipped: 0 });
  row[outcome] += n;
}

export function note(report: ImportReport, kind: string, id: number | string, reason: string): void {
  report.notes.push({ kind, id, reason });
}

export function importedTotal(report: ImportReport): number {
  return Object.values(report.counts).reduce((sum, row) => sum + row.imported, 0);
}

/** The report as the CLI prints it. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  const total = importedTotal(report);
  lines.push(
    report.dryRun
      ? 'Dry run: nothing was written.'
      : total === 0
        ? 'Nothing to do: everything in this ShowDoc database was imported before.'
        : `Imported ${total} rows in ${(report.elapsedMs / 1000).toFixed(1)} s.`,
  );
  lines.push('', 'kind                 imported  already  skipped');
  for (const [kind, row] of Object.entries(report.counts)) {
    lines.push(
      `${kind.padEnd(20)} ${String(row.imported).padStart(8)} ${String(row.already).padStart(8)} ${String(row.skipped).padStart(8)}`,
    );
  }
  if (report.remapped.length) {
    lines.push('', 'Ids taken in Quire, given new ids (old links to these break):');
    for (const r of report.remapped) lines.push(`  ${r.kind} ${r.from} -> ${r.to}`);
  }
  if (report.notes.length) {
    lines.push('', 'Notes:');
    for (const n of report.notes) lines.push(`  ${n.kind} ${n.id}: ${n.reason}`);
  }
  if (report.notImportedTables.length) {
    lines.push('', 'Tables Quire has no place for (left out):');
    for (const t of report.notImportedTables) lines.push(`  ${t.table}: ${t.rows} rows`);
  }
  return lines.join('\n');
}
