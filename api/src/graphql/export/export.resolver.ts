import { Arg, Ctx, Field, InputType, Int, ObjectType, Query, Resolver, registerEnumType } from 'type-graphql';
import type { ExportFormat } from '../../domain';
import type { GraphQLContext } from '../context';

enum ExportFormatEnum {
  WORD = 'word',
  MARKDOWN = 'markdown',
  HTML = 'html',
}
registerEnumType(ExportFormatEnum, {
  name: 'ExportFormat',
  description: 'What an export writes',
  valuesConfig: {
    WORD: { description: 'A Word document (.docx)' },
    MARKDOWN: { description: "ShowDoc's markdown zip (info.json, one .md per page, attachments/)" },
    HTML: { description: 'An offline HTML site (zip) that opens from the file system' },
  },
});

@InputType({
  description: 'One export: the item, optionally one catalog subtree or one page, and the format',
})
class ExportInput {
  @Field(() => Int, { description: 'The item to export' })
  itemId!: number;

  @Field(() => ExportFormatEnum, { description: 'What to write' })
  format!: ExportFormatEnum;

  @Field(() => Int, {
    nullable: true,
    description: 'Only this catalog and what is below it (0 or absent: all)',
  })
  catalogId?: number | null;

  @Field(() => Int, { nullable: true, description: 'Only this page (0 or absent: no single page)' })
  pageId?: number | null;
}

@ObjectType({ description: 'What an export will contain and where to download it' })
class ExportPlan {
  @Field({ description: "The item's name" })
  itemName!: string;

  @Field(() => Int, { description: 'Pages the export will contain (drafts of others left out)' })
  pageCount!: number;

  @Field(() => Int, { description: 'Catalogs the export will contain' })
  catalogCount!: number;

  @Field({
    description:
      'The download address (GET, with the same `Authorization: Bearer` token); the answer streams the file, ' +
      'with `X-Export-Pages` and, for Word, `Content-Length`',
  })
  downloadPath!: string;
}

const ROUTES: Record<ExportFormat, string> = {
  word: 'export/word',
  markdown: 'export/markdown',
  html: 'exportHtml/export',
};

@Resolver()
export class ExportResolver {
  @Query(() => ExportPlan, {
    description:
      'Checks an export (permission, catalog scope) and says what it holds and where to download it',
  })
  async exportPlan(
    @Arg('input', () => ExportInput) input: ExportInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ExportPlan> {
    const format = input.format as ExportFormat;
    const request = {
      format,
      itemId: input.itemId,
      catalogId: input.catalogId ?? 0,
      pageId: input.pageId ?? 0,
    };
    const plan = await ctx.services.exports.plan(ctx.viewer, request);
    const query = new URLSearchParams({ item_id: String(input.itemId) });
    if (request.catalogId > 0) query.set('cat_id', String(request.catalogId));
    if (request.pageId > 0) query.set('page_id', String(request.pageId));
    return { ...plan, downloadPath: `/server/index.php?s=/api/${ROUTES[format]}&${query}` };
  }
}
