import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Catalog as CatalogEntity } from '../../../../db/src';
import type {
  CatalogNode,
  Menu,
  MenuCatalog as MenuCatalogModel,
  MenuPage as MenuPageModel,
} from '../../domain';

@ObjectType({ description: 'A folder of pages; catalogs nest at most three levels deep' })
export class Catalog {
  @Field(() => Int, { description: "Catalog id (ShowDoc's `cat_id`)" })
  id!: number;

  @Field(() => Int, { description: "Item the catalog belongs to (ShowDoc's `item_id`)" })
  itemId!: number;

  @Field({ description: "Catalog name (ShowDoc's `cat_name`)" })
  name!: string;

  @Field(() => Int, { nullable: true, description: 'null for a top-level catalog' })
  parentId!: number | null;

  @Field(() => Int, { description: '1 top level, 2, 3' })
  level!: number;

  @Field(() => Int, { description: 'Order among siblings: smaller first, then older first' })
  sNumber!: number;

  @Field({ description: 'When the catalog was created (ISO 8601)' })
  createdAt!: Date;

  /** Known when listed; otherwise resolved from the entity. */
  knownPath?: string[];

  entity!: CatalogEntity;

  static from(catalog: CatalogEntity, level = catalog.level, path?: string[]): Catalog {
    return Object.assign(new Catalog(), {
      id: catalog.id,
      itemId: catalog.item.id,
      name: catalog.name,
      parentId: catalog.parent?.id ?? null,
      level,
      sNumber: catalog.sNumber,
      createdAt: catalog.createdAt,
      knownPath: path,
      entity: catalog,
    });
  }

  static fromNode(node: CatalogNode): Catalog {
    return Catalog.from(node.catalog, node.level, node.path);
  }
}

/** GraphQL objects of menu objects, kept as long as the domain's menu cache keeps those. Never mutate one. */
const menuObjects = new WeakMap<object, object>();
function memo<M extends object, G extends object>(model: M, shape: (model: M) => G): G {
  let shaped = menuObjects.get(model) as G | undefined;
  if (!shaped) {
    shaped = shape(model);
    menuObjects.set(model, shaped);
  }
  return shaped;
}

const menuLists = new WeakMap<readonly object[], readonly object[]>();
/** `list.map(shape)`, one array per domain list. Never mutate one. */
function memoList<M extends object, G extends object>(list: readonly M[], shape: (model: M) => G): G[] {
  let shaped = menuLists.get(list) as G[] | undefined;
  if (!shaped) {
    shaped = list.map(shape);
    menuLists.set(list, shaped);
  }
  return shaped;
}

// The menu's types hold plain data: their fields are read by the executor itself, as every plain field is
// (schema.ts `readPlainFieldsDirectly`; 2,000 pages × 8 fields in a large menu, issue #14).
@ObjectType({ description: 'A page in the item menu (no content)' })
export class MenuPage {
  @Field(() => Int, { description: "Page id (ShowDoc's `page_id`)" })
  id!: number;

  @Field({ description: 'Page title' })
  title!: string;

  @Field(() => Int, { nullable: true, description: 'null at the item root' })
  catalogId!: number | null;

  @Field(() => Int, { description: "Sort order among siblings, ascending (ShowDoc's `s_number`)" })
  sNumber!: number;

  @Field({ description: 'Drafts are listed to their author only' })
  isDraft!: boolean;

  @Field(() => Int, { nullable: true, description: 'The last editor' })
  authorId!: number | null;

  @Field({ description: 'Name of the last author' })
  authorName!: string;

  @Field({ description: 'When the page was last saved (ISO 8601)' })
  updatedAt!: Date;

  /** One object per cached menu page (issue #14: a large menu is shaped once per version, not per request). */
  static from(page: MenuPageModel): MenuPage {
    return memo(page, MenuPage.shape);
  }

  private static shape(page: MenuPageModel): MenuPage {
    return Object.assign(new MenuPage(), {
      id: page.id,
      title: page.title,
      catalogId: page.catalogId,
      sNumber: page.sNumber,
      isDraft: page.isDraft,
      authorId: page.authorId,
      authorName: page.authorName,
      updatedAt: page.updatedAt,
    });
  }
}

@ObjectType({
  description: 'A catalog in the item menu, with its pages and sub-catalogs',
})
export class MenuCatalog {
  @Field(() => Int, { description: "Catalog id (ShowDoc's `cat_id`)" })
  id!: number;

  @Field({ description: 'Catalog name' })
  name!: string;

  @Field(() => Int, { nullable: true, description: 'Parent catalog id; null at the top level' })
  parentId!: number | null;

  @Field(() => Int, { description: 'Depth in the tree: 1 at the top level, at most 3' })
  level!: number;

  @Field(() => Int, { description: "Sort order among siblings, ascending (ShowDoc's `s_number`)" })
  sNumber!: number;

  @Field(() => [MenuPage], { description: 'Pages directly in this catalog' })
  pages!: MenuPage[];

  @Field(() => [MenuCatalog], { description: 'Child catalogs' })
  catalogs!: MenuCatalog[];

  static from(node: MenuCatalogModel): MenuCatalog {
    return memo(node, MenuCatalog.shape);
  }

  private static shape(node: MenuCatalogModel): MenuCatalog {
    return Object.assign(new MenuCatalog(), {
      id: node.catalog.id,
      name: node.catalog.name,
      parentId: node.catalog.parent?.id ?? null,
      level: node.level,
      sNumber: node.catalog.sNumber,
      pages: node.pages.map(MenuPage.from),
      catalogs: node.catalogs.map(MenuCatalog.from),
    });
  }
}

@ObjectType({
  description: "An item's navigation: root pages, then top-level catalogs nested with their pages",
})
export class MenuTree {
  @Field(() => [MenuPage], { description: 'Pages outside any catalog' })
  pages!: MenuPage[];

  @Field(() => [MenuCatalog], { description: 'Top-level catalogs' })
  catalogs!: MenuCatalog[];

  @Field(() => [Int], {
    description: 'The catalogs to open to show `defaultPageId`, top first; empty when none',
  })
  defaultCatalogPath!: number[];

  static from(menu: Menu): MenuTree {
    return Object.assign(new MenuTree(), {
      // The domain keeps its lists per menu version (and filter): so are these, and texts made of them.
      pages: memoList(menu.pages, MenuPage.from),
      catalogs: memoList(menu.catalogs, MenuCatalog.from),
      defaultCatalogPath: menu.defaultCatalogPath,
    });
  }

  /** What the executor completes in place of a menu whose text is kept (menu-json.ts). */
  static standIn(): MenuTree {
    return Object.assign(new MenuTree(), { pages: [], catalogs: [], defaultCatalogPath: [] });
  }
}

@InputType({ description: 'A catalog to create or rename (ShowDoc catalog/save)' })
export class SaveCatalogInput {
  @Field(() => Int, { nullable: true, description: 'Absent: create a catalog' })
  id?: number | null;

  @Field(() => Int, { description: "Item of the catalog (ShowDoc's `item_id`)" })
  itemId!: number;

  @Field({ description: 'Catalog name' })
  name!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'Absent: unchanged (top level for a new catalog); null: top level',
  })
  parentId?: number | null;

  @Field(() => Int, { nullable: true, description: 'Absent: unchanged (99 for a new catalog)' })
  sNumber?: number | null;
}

@InputType({ description: 'Where one catalog or page sits after a drag and drop' })
export class TreeChangeInput {
  @Field(() => Int, { nullable: true, description: 'Catalog to move; set this or pageId' })
  catalogId?: number | null;

  @Field(() => Int, { nullable: true, description: 'Page to move; set this or catalogId' })
  pageId?: number | null;

  @Field(() => Int, { nullable: true, description: 'The catalog it sits in; null: the item root' })
  parentId?: number | null;

  @Field(() => Int, { description: 'New sort order among siblings' })
  sNumber!: number;

  @Field(() => String, { nullable: true, description: "A catalog's new name" })
  name?: string | null;
}

@InputType({ description: 'What was dragged, for the change log' })
export class DraggedInput {
  @Field(() => String, { description: "'page' or 'catalog'" })
  type!: string;

  @Field(() => Int, { description: 'Id of the dragged catalog or page' })
  id!: number;
}

@ObjectType({ description: 'How many catalogs and pages a tree move changed' })
export class MoveTreeResult {
  @Field(() => Int, { description: 'Catalogs that moved, were renamed or reordered' })
  catalogs!: number;

  @Field(() => Int, { description: 'Pages that moved or were reordered' })
  pages!: number;
}

@InputType({ description: 'A catalog to copy with its pages' })
export class CopyCatalogInput {
  @Field(() => Int, { description: 'Catalog to copy' })
  catalogId!: number;

  @Field(() => Int, { nullable: true, description: 'Destination item; absent: the same item' })
  toItemId?: number | null;

  @Field(() => Int, { nullable: true, description: 'Parent in the destination; null: top level' })
  parentId?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Move instead of copy', defaultValue: false })
  move?: boolean | null;
}
