import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';

@ObjectType({ description: "An item's API pages as one OpenAPI 3.1 document" })
export class OpenApiDocument {
  @Field({ description: 'The document as JSON (validated)' })
  json!: string;

  @Field(() => Int, { description: 'Operations (API pages) in the document' })
  operationCount!: number;

  @Field(() => [String], {
    description: 'API pages left out because another page describes the same method and path',
  })
  duplicates!: string[];

  @Field({ description: 'Where to download the same document (GET, authenticated as GraphQL is)' })
  downloadPath!: string;
}

@Resolver()
export class OpenApiExportResolver {
  @Query(() => OpenApiDocument, {
    description:
      "Exports an item's API pages (API template, imports, RunApi JSON) as an OpenAPI 3.1 document, for those who may read the item",
  })
  async openApiExport(
    @Arg('itemId', () => Int, { description: 'The item' }) itemId: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<OpenApiDocument> {
    const result = await ctx.services.openApiExport.export(ctx.viewer, itemId);
    return Object.assign(new OpenApiDocument(), {
      json: result.json,
      operationCount: result.operationCount,
      duplicates: result.duplicates,
      downloadPath: `/api/items/${itemId}/openapi.json`,
    });
  }
}
