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
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  itemId!: number;

  @Field()
  name!: string;

  @Field(() => Int, { nullable: true, description: 'null for a top-level catalog' })
  parentId!: number | null;

  @Field(() => Int, { description: '1 top level, 2, 3' })
  level!: number;

  @Field(() => Int, { description: 'Order among siblings: smaller first, then older first' })
  sNumber!: number;

  @Field()
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

@ObjectType({ description: 'A page in the item menu (no content)' })
export class MenuPage {
  @Field(() => Int)
  id!: number;

  @Field()
  title!: string;

  @Field(() => Int, { nullable: true, description: 'null at the item root' })
  catalogId!: number | null;

  @Field(() => Int)
  sNumber!: number;

  @Field({ description: 'Drafts are listed to their author only' })
  isDraft!: boolean;

  @Field(() => Int, { nullable: true, description: 'The last editor' })
  authorId!: number | null;

  @Field()
  authorName!: string;

  @Field()
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

@ObjectType({ description: 'A catalog in the item menu, with its pages and sub-catalogs' })
export class MenuCatalog {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field(() => Int, { nullable: true })
  parentId!: number | null;

  @Field(() => Int)
  level!: number;

  @Field(() => Int)
  sNumber!: number;

  @Field(() => [MenuPage])
  pages!: MenuPage[];

  @Field(() => [MenuCatalog])
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
  @Field(() => [MenuPage])
  pages!: MenuPage[];

  @Field(() => [MenuCatalog])
  catalogs!: MenuCatalog[];

  @Field(() => [Int], {
    description: 'The catalogs to open to show `defaultPageId`, top first; empty when none',
  })
  defaultCatalogPath!: number[];

  static from(menu: Menu): MenuTree {
    return Object.assign(new MenuTree(), {
      pages: menu.pages.map(MenuPage.from),
      catalogs: menu.catalogs.map(MenuCatalog.from),
      defaultCatalogPath: menu.defaultCatalogPath,
    });
  }
}

@InputType()
export class SaveCatalogInput {
  @Field(() => Int, { nullable: true, description: 'Absent: create a catalog' })
  id?: number | null;

  @Field(() => Int)
  itemId!: number;

  @Field()
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
  @Field(() => Int, { nullable: true })
  catalogId?: number | null;

  @Field(() => Int, { nullable: true })
  pageId?: number | null;

  @Field(() => Int, { nullable: true, description: 'The catalog it sits in; null: the item root' })
  parentId?: number | null;

  @Field(() => Int)
  sNumber!: number;

  @Field(() => String, { nullable: true, description: "A catalog's new name" })
  name?: string | null;
}

@InputType({ description: 'What was dragged, for the change log' })
export class DraggedInput {
  @Field(() => String, { description: "'page' or 'catalog'" })
  type!: string;

  @Field(() => Int)
  id!: number;
}

@ObjectType()
export class MoveTreeResult {
  @Field(() => Int, { description: 'Catalogs that moved, were renamed or reordered' })
  catalogs!: number;

  @Field(() => Int, { description: 'Pages that moved or were reordered' })
  pages!: number;
}

@InputType()
export class CopyCatalogInput {
  @Field(() => Int)
  catalogId!: number;

  @Field(() => Int, { nullable: true, description: 'Destination item; absent: the same item' })
  toItemId?: number | null;

  @Field(() => Int, { nullable: true, description: 'Parent in the destination; null: top level' })
  parentId?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Move instead of copy', defaultValue: false })
  move?: boolean | null;
}
