import type { MockLink } from '@apollo/client/testing';
import { PageAttachmentsDocument, type AttachmentFieldsFragment } from '../../gql/graphql';

/** A file as the GraphQL API returns it; `n` makes the id, name and url. */
export function buildAttachment(n: number, overrides: Partial<AttachmentFieldsFragment> = {}) {
  return {
    __typename: 'Attachment' as const,
    id: n,
    name: `file-${n}.pdf`,
    fileType: 'application/pdf',
    isImage: false,
    size: 2048 * n,
    url: `/files/${'a'.repeat(31)}${n % 10}/file-${n}.pdf`,
    visitTimes: n,
    createdAt: '2026-01-02T03:04:05.000Z',
    uploaderName: 'alice',
    pageId: 41,
    itemId: 3,
    ...overrides,
  };
}

/** `page(id).attachments` answering with these files (as many times as asked). */
export function pageAttachmentsMock(
  pageId: number,
  files: ReturnType<typeof buildAttachment>[],
  asked?: { count: number },
): MockLink.MockedResponse {
  return {
    request: { query: PageAttachmentsDocument, variables: { pageId } },
    result: () => {
      if (asked) asked.count += 1;
      return {
        data: {
          page: { __typename: 'Page', id: pageId, attachmentCount: files.length, attachments: files },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

/** Every page has no files (screens that only show the count). */
export function anyPageAttachmentsMock(): MockLink.MockedResponse {
  return {
    request: { query: PageAttachmentsDocument, variables: () => true },
    result: (variables) => ({
      data: {
        page: { __typename: 'Page', id: variables.pageId as number, attachmentCount: 0, attachments: [] },
      },
    }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}
