import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { Item } from '../../../../db/src';
import { checkPaging, containsPattern } from '../admin/paging';
import { DomainError } from '../errors';
import type { PolicyService } from '../policy/policy.service';
import type { SearchService } from '../search/search.service';
import type { SettingsService } from '../settings/settings.service';
import type { Viewer } from '../viewer';

export type SquareSearchType = 'title' | 'content';

export interface SquareQuery {
  keyword?: string;
  /** `title`: item name or description; `content`: the text of the items' pages (search index). */
  searchType?: SquareSearchType;
  page: number;
  count: number;
}

export interface SquarePage {
  total: number;
  items: Item[];
}

/** The public square (spec 001 §7): every public item of the site, for anyone, when the site enables it. */
export class PublicSquareService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly policy: PolicyService,
    private readonly search: SearchService,
  ) {}

  async enabled(): Promise<boolean> {
    return this.settings.flag('enable_public_square');
  }

  /** Only items without a visit password, never deleted ones; the most recently updated first. */
  async list(viewer: Viewer, query: SquareQuery): Promise<SquarePage> {
    if (!(await this.enabled())) throw new DomainError('PublicSquareDisabled');
    await this.policy.requireSiteVisit(viewer);
    const { offset, limit } = checkPaging(query);
    const keyword = (query.keyword ?? '').trim();
    const qb = (this.em as SqlEntityManager)
      .createQueryBuilder(Item, 'i')
      .where({ password: '', deletedAt: null });
    if (keyword && query.searchType === 'content') {
      const publicIds = await this.em.find(Item, { password: '', deletedAt: null }, { fields: ['id'] });
      const matching = await this.search.itemsMatching(
        publicIds.map((i) => i.id),
        keyword,
      );
      if (matching.size === 0) return { total: 0, items: [] };
      qb.andWhere({ id: { $in: [...matching] } });
    } else if (keyword) {
      const like = containsPattern(keyword);
      qb.andWhere("(lower(i.name) like ? escape '!' or lower(i.description) like ? escape '!')", [
        like,
        like,
      ]);
    }
    const [items, total] = await qb
      .orderBy({ lastUpdateAt: 'desc', id: 'desc' })
      .limit(limit)
      .offset(offset)
      .getResultAndCount();
    return { total, items };
  }
}
