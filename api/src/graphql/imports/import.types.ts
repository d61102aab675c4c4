import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { ImportJob as DomainImportJob, Language } from '../../domain';

export enum ImportJobState {
  RUNNING = 'RUNNING',
  DONE = 'DONE',
  FAILED = 'FAILED',
}
registerEnumType(ImportJobState, {
  name: 'ImportJobState',
  description: 'Where an import is: still running, finished, or refused/failed (nothing was changed)',
  valuesConfig: {
    RUNNING: { description: 'Reading the file or writing pages; see `percent` and `currentPage`' },
    DONE: { description: 'Finished: the pages are written' },
    FAILED: { description: 'Refused or failed; nothing was changed (see `error`)' },
  },
});

@ObjectType({ description: 'What a finished import wrote' })
export class ImportOutcome {
  @Field(() => Int, { description: 'The item the pages were written into' })
  itemId!: number;

  @Field({ description: 'True when the import made a new item' })
  created!: boolean;

  @Field({ description: 'What the file was: showdoc-zip, markdown-zip, openapi or postman' })
  kind!: string;

  @Field(() => Int, { description: 'Pages written (new and overwritten)' })
  pages!: number;

  @Field(() => Int, { description: 'Catalogs created' })
  catalogs!: number;

  @Field(() => Int, { description: 'Pages that replaced a same-title page in the same catalog' })
  overwritten!: number;

  @Field(() => Int, { description: 'Files of the archive uploaded as attachments of the item' })
  files!: number;
}

@ObjectType({
  description:
    'An import running on the server. Upload the file with `POST /api/imports` (multipart `file`, ' +
    'authenticated like GraphQL), start it with `startImport`, then poll `importJob` for progress.',
})
export class ImportJob {
  @Field({ description: 'The job id' })
  id!: string;

  @Field(() => ImportJobState, { description: 'Running, done or failed' })
  state!: ImportJobState;

  @Field(() => Int, { description: 'Progress in percent (0..100)' })
  percent!: number;

  @Field({ description: 'Title of the page being written ("" before the first)' })
  currentPage!: string;

  @Field(() => ImportOutcome, { nullable: true, description: 'What was written, once done' })
  result!: ImportOutcome | null;

  @Field(() => String, { nullable: true, description: 'Why the import failed, in the caller language' })
  error!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The stable code of the failure (e.g. IMPORT_UNSAFE_PATH)',
  })
  errorCode!: string | null;

  static from(job: DomainImportJob, language: Language): ImportJob {
    return Object.assign(new ImportJob(), {
      id: job.id,
      state:
        job.state === 'done'
          ? ImportJobState.DONE
          : job.state === 'failed'
            ? ImportJobState.FAILED
            : ImportJobState.RUNNING,
      percent: job.percent,
      currentPage: job.current,
      result: job.result ? Object.assign(new ImportOutcome(), job.result) : null,
      error: job.error ? job.error[language] : null,
      errorCode: job.error?.code ?? null,
    });
  }
}
