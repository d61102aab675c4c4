import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { ShowdocImportJobView } from '../../domain';
import type { GraphQLContext } from '../context';

@ObjectType({ description: 'An import of a ShowDoc database started from the admin console (issue #23)' })
export class ShowdocImportJob {
  @Field(() => ID, { description: 'The id to ask for its progress with `showdocImportJob`' })
  id!: string;

  @Field({ description: 'running, done or failed' })
  state!: string;

  @Field({ description: 'What it is importing: users, items, site (item groups, files, settings), done' })
  phase!: string;

  @Field(() => Int, { description: 'ShowDoc items handled so far' })
  itemsDone!: number;

  @Field(() => Int, { description: 'ShowDoc items in the database (0 until they are counted)' })
  itemsTotal!: number;

  @Field({ description: 'A trial run: everything is rolled back, no file is copied' })
  dryRun!: boolean;

  @Field({ description: 'ShowDoc users whose username exists in Quire become that Quire user' })
  mergeUsers!: boolean;

  @Field({ description: 'When it started' })
  startedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it finished or failed; null while running' })
  finishedAt!: Date | null;

  @Field(() => String, {
    nullable: true,
    description: 'The final report as text (counts per kind, what was skipped and why); null until done',
  })
  reportText!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The final report as JSON: counts, notes, remapped ids, tables left out; null until done',
  })
  reportJson!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why it failed (nothing of the failing step was written)',
  })
  error!: string | null;

  static from(view: ShowdocImportJobView): ShowdocImportJob {
    return Object.assign(new ShowdocImportJob(), view);
  }
}

@InputType({ description: 'What to import: files uploaded with POST /api/admin/showdoc-import/upload' })
export class StartShowdocImportInput {
  @Field(() => ID, {
    description: "The uploaded ShowDoc SQLite database (kind=database): ShowDoc's Sqlite/showdoc.db.php",
  })
  databaseUpload!: string;

  @Field(() => ID, {
    nullable: true,
    description: "An uploaded zip of ShowDoc's Public/Uploads (kind=uploads), for attachments",
  })
  uploadsUpload?: string | null;

  @Field({
    defaultValue: false,
    description:
      'Merge ShowDoc users into Quire users of the same username (else such users stop the import)',
  })
  mergeUsers!: boolean;

  @Field({ defaultValue: false, description: 'Only report what would be imported; nothing is written' })
  dryRun!: boolean;
}

/** Issue #23: the console's ShowDoc import. Site administrators only (the domain refuses everyone else). */
@Resolver()
export class ShowdocImportResolver {
  @Mutation(() => ShowdocImportJob, {
    description: 'Starts importing an uploaded ShowDoc database in the background (site administrators only)',
  })
  startShowdocImport(
    @Arg('input', { description: 'The uploads to import and how' }) input: StartShowdocImportInput,
    @Ctx() ctx: GraphQLContext,
  ): ShowdocImportJob {
    return ShowdocImportJob.from(ctx.services.showdocImports.start(ctx.viewer, input));
  }

  @Query(() => ShowdocImportJob, { description: 'One ShowDoc import: its progress, then its report' })
  showdocImportJob(
    @Arg('id', () => ID, { description: 'The id startShowdocImport answered' }) id: string,
    @Ctx() ctx: GraphQLContext,
  ): ShowdocImportJob {
    return ShowdocImportJob.from(ctx.services.showdocImports.job(ctx.viewer, id));
  }

  @Query(() => [ShowdocImportJob], {
    description: 'The ShowDoc imports this server ran since it started, newest first',
  })
  showdocImportJobs(@Ctx() ctx: GraphQLContext): ShowdocImportJob[] {
    return ctx.services.showdocImports.jobs(ctx.viewer).map(ShowdocImportJob.from);
  }
}
