import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from './base';

/**
 * One row brought in by an importer (the ShowDoc database importer): which source row became which Quire
 * row. It makes a second run a no-op and keeps the id mapping (ids are kept unless they collide).
 */
@Entity({ tableName: 'import_map' })
@Unique({ properties: ['source', 'kind', 'sourceId'] })
@Index({ properties: ['source', 'kind', 'targetId'] })
export class ImportMap extends BaseEntity {
  /** Which import: `showdoc` unless the operator names it (two ShowDoc sites into one Quire). */
  @Property({ length: 64 })
  source!: string;

  /** The source table's kind: `user`, `item`, `page`, `catalog`, `file`... */
  @Property({ length: 32 })
  kind!: string;

  @Property({ type: 'bigint' })
  sourceId!: number;

  /** The Quire id, or 0 when the source row was skipped on purpose (the report says why). */
  @Property({ type: 'bigint' })
  targetId!: number;
}
