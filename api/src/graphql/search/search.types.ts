import { Field, Int, ObjectType } from 'type-graphql';
import type { SearchHit as SearchHitModel } from '../../domain';
import { Item } from '../items/item.types';
import { PageInfo } from '../pagination';
import { CatalogRef, Page } from '../pages/page.types';

@ObjectType({
  description: 'A stretch of a text to highlight, in UTF-16 code units (JavaScript string offsets)',
})
export class TextRange {
  @Field(() => Int, { description: 'Offset of the first matched character, inclusive' })
  start!: number;

  @Field(() => Int, { description: 'Exclusive' })
  end!: number;
}

@ObjectType({ description: 'A page that contains the searched text, in its title or its content' })
export class SearchHit {
  @Field(() => Page, { description: 'The matching page' })
  page!: Page;

  @Field(() => Item, { description: 'Item of the page' })
  item!: Item;

  @Field(() => [String], {
    description: "Catalog names from the top level down to the page's; empty at the root",
  })
  catalogPath!: string[];

  @Field({ description: "Content around the first match (ShowDoc's window), '...' where it was cut" })
  snippet!: string;

  @Field(() => [TextRange], { description: 'Every occurrence of the searched text in `snippet`' })
  highlights!: TextRange[];

  @Field(() => [TextRange], { description: 'Every occurrence of the searched text in the page title' })
  titleHighlights!: TextRange[];

  static from(hit: SearchHitModel): SearchHit {
    const page = Page.from(hit.page);
    page.knownPath = hit.catalogPath.map(CatalogRef.from);
    return Object.assign(new SearchHit(), {
      page,
      item: Item.from(hit.item),
      catalogPath: hit.catalogPath.map((c) => c.name),
      snippet: hit.snippet,
      highlights: hit.highlights,
      titleHighlights: hit.titleHighlights,
    });
  }
}

@ObjectType({ description: 'One search result with its cursor' })
export class SearchEdge {
  @Field({ description: 'Opaque cursor of this result, for `after`' })
  cursor!: string;

  @Field(() => SearchHit, { description: 'The result' })
  node!: SearchHit;
}

@ObjectType({ description: 'Search results: title matches first, then the most recently updated pages' })
export class SearchConnection {
  @Field(() => [SearchEdge], { description: 'Results of this page' })
  edges!: SearchEdge[];

  @Field(() => PageInfo, { description: 'Cursors and whether more results exist' })
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'Matching pages, all result pages together' })
  totalCount!: number;
}
