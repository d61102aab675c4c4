import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { wrap } from '@mikro-orm/core';
import { Item as ItemEntity, ItemType, sheetCellTexts } from '../../../../db/src';
import { diffSheets, isSheetContent, parseSheets, type Sheet } from '../../domain';
import type { GraphQLContext } from '../context';
import { PageDiff } from '../history/history.types';
import { Item } from '../items/item.types';
import { Page } from '../pages/page.types';
import {
  SheetCellChange,
  SheetData,
  SheetDiffData,
  SheetTabChange,
  type SheetChangeKind,
} from './sheet.types';

function sheetData(sheets: Sheet[]): SheetData[] {
  return sheets.map((sheet, index) => SheetData.from(sheet, index, sheetCellTexts(sheet)));
}

@Resolver(() => Page)
export class PageSheetsResolver {
  @FieldResolver(() => [SheetData], {
    nullable: true,
    description:
      'The sheets of a spreadsheet page (item type 4), typed; null for other pages. `content` keeps the raw JSON',
  })
  async sheets(@Root() page: Page, @Ctx() ctx: GraphQLContext): Promise<SheetData[] | null> {
    const ref = page.entity?.item;
    // `page` knows its item's type; another page's item is loaded with it, or read now.
    const type =
      page.knownItemType ??
      (ref && wrap(ref).isInitialized()
        ? ref
        : await ctx.services.em.findOne(ItemEntity, { id: page.itemId })
      )?.type;
    if (type !== ItemType.Spreadsheet) return null;
    return sheetData(parseSheets(page.content));
  }
}

@Resolver(() => Item)
export class ItemSheetsResolver {
  @FieldResolver(() => [SheetData], {
    nullable: true,
    description: 'The sheets of a spreadsheet item (type 4), typed; null for other item types',
  })
  async sheets(@Root() item: Item, @Ctx() ctx: GraphQLContext): Promise<SheetData[] | null> {
    if (item.type !== ItemType.Spreadsheet) return null;
    const { page } = await ctx.services.sheets.sheetPageOf(ctx.viewer, item.id);
    return sheetData(parseSheets(page.content));
  }
}

@Resolver(() => PageDiff)
export class PageDiffSheetsResolver {
  @FieldResolver(() => SheetDiffData, {
    nullable: true,
    description:
      'For a spreadsheet page: the changed cells (sheet, address, old → new) instead of a JSON line diff; null otherwise',
  })
  cellChanges(@Root() diff: PageDiff): SheetDiffData | null {
    const before = diff.version.content;
    const after = diff.current.content;
    if (!after.trim() || !isSheetContent(before) || !isSheetContent(after)) return null;
    const result = diffSheets(before, after);
    return Object.assign(new SheetDiffData(), {
      cells: result.cells.map(SheetCellChange.from),
      sheets: result.sheets.map((s) =>
        Object.assign(new SheetTabChange(), { sheet: s.sheet, kind: s.kind as SheetChangeKind }),
      ),
      truncated: result.truncated,
    });
  }
}
