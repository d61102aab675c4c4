import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { importJobs } from '../../domain';
import type { GraphQLContext } from '../context';
import { ImportJob } from './import.types';

@Resolver(() => ImportJob)
export class ImportResolver {
  @Mutation(() => ImportJob, {
    description:
      'Starts importing a file uploaded with `POST /api/imports` (ShowDoc or markdown zip, Swagger/OpenAPI ' +
      'JSON or YAML, Postman collection) into a new item, or into an item you edit as a whole',
  })
  startImport(
    @Ctx() ctx: GraphQLContext,
    @Arg('uploadId', { description: 'The `uploadId` answered by `POST /api/imports`' }) uploadId: string,
    @Arg('itemId', () => Int, { nullable: true, description: 'The item to import into; absent: a new item' })
    itemId?: number | null,
  ): ImportJob {
    const job = importJobs.start(ctx.viewer, ctx.services.imports, uploadId, { itemId: itemId ?? 0 });
    return ImportJob.from(job, ctx.language);
  }

  @Query(() => ImportJob, { description: 'One of your imports, with its progress or its outcome' })
  importJob(
    @Ctx() ctx: GraphQLContext,
    @Arg('id', { description: 'The job id answered by `startImport`' }) id: string,
  ): ImportJob {
    return ImportJob.from(importJobs.get(ctx.viewer, id), ctx.language);
  }
}
