import { Field, Float, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { Attachment as AttachmentRow } from '../../../../db/src';
import { INLINE_TYPES, type FileTypeFilter, type FileView } from '../../domain';

/** Quire's own address of a file: the sign, then the name (only for people and download managers). */
export function filePath(file: AttachmentRow): string {
  return `/files/${file.sign}/${encodeURIComponent(file.displayName)}`;
}

@ObjectType({
  description:
    'An uploaded file. Upload with `POST /api/files` (multipart: `file`, optional `pageId`/`itemId`, ' +
    '`kind` attachment|image), authenticated like GraphQL; read it at `url`.',
})
export class Attachment {
  @Field(() => Int, { description: "Attachment id (ShowDoc's `file_id`)" })
  id!: number;

  @Field({ description: 'The name it was uploaded with (made safe)' })
  name!: string;

  @Field({ description: "Media type sniffed from the file's bytes" })
  fileType!: string;

  @Field(() => Float, { description: 'Size in bytes' })
  size!: number;

  @Field({ description: 'Where to read it (`/files/{sign}/{name}`); same-origin, cookie or bearer token' })
  url!: string;

  @Field({ description: 'Images are shown inline; every other file downloads' })
  isImage!: boolean;

  @Field(() => Int, { description: 'How many times the file was downloaded' })
  visitTimes!: number;

  @Field(() => Date, {
    nullable: true,
    description: 'When the file was last downloaded (ISO 8601), null if never',
  })
  lastVisitAt!: Date | null;

  @Field({ description: 'When the file was uploaded (ISO 8601)' })
  createdAt!: Date;

  @Field(() => Int, { description: 'User id of the uploader' })
  uploaderId!: number;

  @Field({ description: "The uploader's username" })
  uploaderName!: string;

  @Field(() => Int, { nullable: true, description: 'The first page it is shown on' })
  pageId!: number | null;

  @Field(() => Int, { nullable: true, description: "That page's item, or the item it was uploaded to" })
  itemId!: number | null;

  static from(file: AttachmentRow, view: Omit<FileView, 'file'>): Attachment {
    const { uploader } = view;
    return Object.assign(new Attachment(), {
      id: file.id,
      name: file.displayName,
      fileType: file.fileType,
      size: Number(file.fileSize),
      url: filePath(file),
      isImage: INLINE_TYPES.has(file.fileType),
      visitTimes: file.visitTimes,
      lastVisitAt: file.lastVisitAt,
      createdAt: file.createdAt,
      uploaderId: uploader.id,
      uploaderName: uploader.username,
      pageId: view.pageId || null,
      itemId: view.itemId || null,
    });
  }
}

export enum AttachmentKind {
  ALL = 'ALL',
  IMAGE = 'IMAGE',
  OTHER = 'OTHER',
}
registerEnumType(AttachmentKind, {
  valuesConfig: {
    ALL: { description: 'Every file' },
    IMAGE: { description: 'Image files only' },
    OTHER: { description: 'Every file that is not an image' },
  },
  name: 'AttachmentKind',
  description: 'Images, or every other file',
});

export function kindFilter(kind: AttachmentKind | null | undefined): FileTypeFilter {
  return kind === AttachmentKind.IMAGE ? 'image' : kind === AttachmentKind.OTHER ? 'other' : null;
}

@InputType({ description: 'Narrows a file list' })
export class AttachmentFilter {
  @Field(() => AttachmentKind, {
    nullable: true,
    description: 'Only images, only other files, or all; absent means all',
  })
  kind?: AttachmentKind | null;

  @Field(() => String, {
    nullable: true,
    description: 'Part of the name (the admin list also matches the sign)',
  })
  name?: string | null;

  @Field(() => String, { nullable: true, description: "Admin lists: the uploader's exact username" })
  uploader?: string | null;
}

@ObjectType({ description: 'One page of a file list' })
export class AttachmentList {
  @Field(() => [Attachment], { description: 'Attachments of the requested page' })
  list!: Attachment[];

  @Field(() => Int, { description: 'Files matching the filter' })
  total!: number;

  @Field(() => Float, { description: 'Bytes of all the files the list is drawn from' })
  usedBytes!: number;
}

@ObjectType({ description: 'One page of your files, with your used space and traffic' })
export class MyAttachmentList extends AttachmentList {
  @Field(() => Float, { description: 'Bytes served from your files this month' })
  trafficThisMonth!: number;
}

@ObjectType({ description: 'What a batch delete did' })
export class BatchDeleteResult {
  @Field(() => Int, { description: 'Number of records deleted' })
  deleted!: number;

  @Field(() => Int, { description: 'Ids that named no file' })
  failed!: number;
}
