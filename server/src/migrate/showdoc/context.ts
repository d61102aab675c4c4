import type { SqlEntityManager } from '@mikro-orm/knex';
import { ImportMap } from '../../../../db/src';
import type { FileStorage } from '../../../../api/src/storage/storage';
import type { ImportReport } from './report';
import type { ShowdocSource } from './source';

export interface ImportOptions {
  /** ShowDoc's `Public/Uploads` folder; without it attachments are reported and left out. */
  uploadsDir?: string;
  /** Where attachment bytes go, and the driver name stored with them (`local` or `s3`). */
  storage?: { driver: FileStorage; kind: 'local' | 's3' };
  /** A ShowDoc user whose username exists in Quire becomes that Quire user (otherwise: refused). */
  mergeUsers?: boolean;
  /** Everything is done in one transaction that is rolled back; no file is copied. */
  dryRun?: boolean;
  /** The ShowDoc server's time zone (its text time columns are local time). */
  timeZone?: string;
  /** Names this import in `import_map` (two ShowDoc sites into one Quire need two names). */
  sourceName?: string;
  /**
   * MySQL: drop the search postings' (item, gram) index for the run and rebuild it after (much faster
   * for a large import; searches are slower meanwhile). The CLI does; the console's import does not.
   */
  suspendSearchIndex?: boolean;
  /** Told after each step: the items done so far out of all of them (the admin console's progress). */
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  phase: 'users' | 'items' | 'site' | 'done';
  itemsDone: number;
  itemsTotal: number;
}

/** Source id -> Quire id, per kind, as recorded in `import_map`; 0 = skipped on purpose. */
export class ImportMaps {
  private readonly maps = new Map<string, Map<number, number>>();
  private pending: Array<{ kind: string; from: number; to: number }> = [];

  constructor(readonly source: string) {}

  static async load(em: SqlEntityManager, source: string): Promise<ImportMaps> {
    const maps = new ImportMaps(source);
    const rows = await em.find(ImportMap, { source }, { fields: ['kind', 'sourceId', 'targetId'] });
    for (const row of rows) maps.of(row.kind).set(Number(row.sourceId), Number(row.targetId));
    return maps;
  }

  private of(kind: string): Map<number, number> {
    let map = this.maps.get(kind);
    if (!map) this.maps.set(kind, (map = new Map()));
    return map;
  }

  get(kind: string, sourceId: number): number | undefined {
    return this.of(kind).get(Number(sourceId));
  }

  /** Records a mapping inside the unit's transaction; `commit` makes it visible once that commits. */
  record(em: SqlEntityManager, kind: string, sourceId: number, targetId: number): void {
    em.persist(em.create(ImportMap, { source: this.source, kind, sourceId, targetId }));
    this.pending.push({ kind, from: Number(sourceId), to: targetId });
    this.of(kind).set(Number(sourceId), targetId);
  }

  commit(): void {
    this.pending = [];
  }

  rollback(): void {
    for (const { kind, from } of this.pending) this.of(kind).delete(from);
    this.pending = [];
  }
}

/** Everything one import run shares. */
export interface ImportContext {
  source: ShowdocSource;
  options: ImportOptions;
  maps: ImportMaps;
  report: ImportReport;
  timeZone: string;
  /** Upload paths (below Public/Uploads) to signs, and the signs of files that exist, for link rewriting. */
  files: { signByPath: Map<string, string>; signs: Set<string> };
}

/**
 * Ids are kept when free, so `/{item_id}/{page_id}` bookmarks keep working; a taken one gets the next
 * id after the table's largest. All ids are chosen here (none left to auto-increment), since a batch
 * insert that mixes given and generated ids cannot be read back reliably on MySQL.
 */
export class IdAllocator {
  private next = new Map<string, number>();

  async free(em: SqlEntityManager, table: string, wanted: number[]): Promise<Set<number>> {
    const taken = new Set<number>();
    for (let i = 0; i < wanted.length; i += 500) {
      const chunk = wanted.slice(i, i + 500);
      if (!chunk.length) continue;
      const rows = await em.execute<Array<{ id: number }>>(
        `select id from \`${table}\` where id in (${chunk.map(() => '?').join(',')})`,
        chunk,
      );
      for (const row of rows) taken.add(Number(row.id));
    }
    return new Set(wanted.filter((id) => id > 0 && !taken.has(id)));
  }

  async fresh(em: SqlEntityManager, table: string, avoid: Set<number>): Promise<number> {
    let next = this.next.get(table);
    if (next === undefined) {
      const [row] = await em.execute<Array<{ m: number | null }>>(`select max(id) as m from \`${table}\``);
      next = Number(row?.m ?? 0) + 1;
    }
    while (avoid.has(next)) next++;
    this.next.set(table, next + 1);
    return next;
  }

  /** Forget cached maxima (after a rolled-back unit, or between units). */
  reset(): void {
    this.next.clear();
  }
}
