import type { EntityManager } from '@mikro-orm/core';
import { Template, TemplateItem, type Item, type User } from '../../../../db/src';
import { DomainError } from '../errors';
import type { PolicyService } from '../policy/policy.service';
import { inTransaction } from '../transaction';
import type { Viewer } from '../viewer';

export const TEMPLATE_TITLE_MAX = 255;

export interface SaveTemplateInput {
  /** Absent: a new template. */
  id?: number;
  title: string;
  content: string;
}

export interface TemplateWithShares {
  template: Template;
  /** The items it is shared to, with the items and sharers loaded. */
  shares: TemplateItem[];
}

/**
 * Personal page templates: a user keeps their own, and may share each to items they may edit, where every
 * editor of the item can use it. Only the owner changes, shares or deletes a template.
 */
export class TemplateService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: PolicyService,
  ) {}

  async save(viewer: Viewer, input: SaveTemplateInput): Promise<Template> {
    const user = viewer.requireUser();
    const title = input.title.trim();
    if (!title) throw new DomainError('TemplateTitleRequired');
    if (title.length > TEMPLATE_TITLE_MAX) throw new DomainError('NameTooLong');
    if (input.id) {
      const template = await this.own(user, input.id);
      Object.assign(template, { title, content: input.content });
      await this.em.flush();
      return template;
    }
    const template = this.em.create(Template, { owner: user, title, content: input.content });
    await this.em.persist(template).flush();
    return template;
  }

  /** The caller's templates, newest first, each with the items it is shared to. */
  async mine(viewer: Viewer): Promise<TemplateWithShares[]> {
    const user = viewer.requireUser();
    const templates = await this.em.find(
      Template,
      { owner: user },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    const shares = templates.length
      ? await this.em.find(
          TemplateItem,
          { template: { $in: templates.map((t) => t.id) } },
          { populate: ['item', 'sharedBy'], orderBy: { id: 'asc' } },
        )
      : [];
    return templates.map((template) => ({
      template,
      shares: shares.filter((s) => s.template.id === template.id),
    }));
  }

  /** Deletes one of the caller's templates, and its shares with it. */
  async delete(viewer: Viewer, templateId: number): Promise<void> {
    const user = viewer.requireUser();
    const template = await this.own(user, templateId);
    await this.em.remove(template).flush();
  }

  /**
   * Shares a template to exactly these items (shares to other items end). Every item must be one the
   * caller may edit; the first that is not refuses the whole change (ShowDoc kept the shares it had made
   * before failing).
   */
  async shareToItems(viewer: Viewer, templateId: number, itemIds: number[]): Promise<TemplateWithShares> {
    const user = viewer.requireUser();
    const template = await this.own(user, templateId);
    const ids = [...new Set(itemIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
    const items: Item[] = [];
    for (const id of ids) {
      const { item } = await this.policy.requireEdit(viewer, id).catch((err: unknown) => {
        if (
          err instanceof DomainError &&
          (err.codeName === 'ItemEditDenied' || err.codeName === 'ItemNotFound')
        ) {
          throw new DomainError('TemplateDenied', {
            en: `You may not edit item ${id}`,
            zh: `项目 ${id} 没有权限`,
          });
        }
        throw err;
      });
      items.push(item);
    }
    return inTransaction(this.em, async () => {
      const existing = await this.em.find(TemplateItem, { template });
      const wanted = new Set(items.map((i) => i.id));
      for (const share of existing) if (!wanted.has(share.item.id)) this.em.remove(share);
      const kept = new Set(existing.map((s) => s.item.id));
      for (const item of items) {
        if (!kept.has(item.id))
          this.em.persist(this.em.create(TemplateItem, { template, item, sharedBy: user }));
      }
      await this.em.flush();
      return { template, shares: await this.sharesOf(viewer, template.id) };
    });
  }

  /** The items one of the caller's templates is shared to. */
  async sharesOf(viewer: Viewer, templateId: number): Promise<TemplateItem[]> {
    const user = viewer.requireUser();
    const template = await this.own(user, templateId);
    return this.em.find(
      TemplateItem,
      { template },
      { populate: ['item', 'sharedBy'], orderBy: { id: 'asc' } },
    );
  }

  /** Templates shared to an item, in the order they were shared, for the item's editors. */
  async forItem(viewer: Viewer, itemId: number): Promise<TemplateItem[]> {
    viewer.requireUserId();
    if (itemId <= 0) throw new DomainError('ItemIdRequired');
    const { item } = await this.policy.requireEdit(viewer, itemId).catch((err: unknown) => {
      if (err instanceof DomainError && err.codeName === 'ItemEditDenied') {
        throw new DomainError('TemplateDenied', { en: 'You may not edit this item', zh: '没有权限' });
      }
      throw err;
    });
    return this.em.find(
      TemplateItem,
      { item },
      { populate: ['template', 'sharedBy'], orderBy: { id: 'asc' } },
    );
  }

  private async own(user: User, templateId: number): Promise<Template> {
    const template = templateId > 0 ? await this.em.findOne(Template, { id: templateId }) : null;
    // Someone else's template is answered like a missing one.
    if (!template || template.owner.id !== user.id) throw new DomainError('TemplateDenied');
    return template;
  }
}
