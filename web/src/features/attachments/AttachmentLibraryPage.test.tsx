import type { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BindAttachmentDocument,
  DeleteAttachmentDocument,
  MyAttachmentsDocument,
  type AttachmentKind,
} from '../../gql/graphql';
import { saveSession } from '../../session/session';
import { buildMe, meMock } from '../../test/mocks';
import { renderRoute } from '../../test/renderRoute';
import { buildAttachment } from './attachmentMocks';

type File = ReturnType<typeof buildAttachment>;

/** The server's side of `myAttachments`: filters the files it holds, as the real one does. */
function myAttachmentsMock(store: { files: File[]; asked: string[] }): MockLink.MockedResponse {
  return {
    request: { query: MyAttachmentsDocument, variables: () => true },
    result: ({ filter, page, pageSize }) => {
      const kind = (filter?.kind ?? 'ALL') as AttachmentKind;
      const name = (filter?.name as string | null) ?? '';
      store.asked.push(`${kind}:${name}:${page}`);
      const matching = store.files.filter(
        (file) =>
          (kind === 'ALL' || (kind === 'IMAGE') === file.isImage) && (!name || file.name.includes(name)),
      );
      const size = pageSize as number;
      return {
        data: {
          myAttachments: {
            __typename: 'MyAttachmentList',
            total: matching.length,
            usedBytes: store.files.reduce((sum, file) => sum + file.size, 0),
            trafficThisMonth: 3 * 1024 * 1024,
            list: matching.slice(((page as number) - 1) * size, (page as number) * size),
          },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

function signedIn() {
  const me = buildMe({ username: 'alice' });
  saveSession('token-1', me);
  return meMock(me);
}

const names = () =>
  within(screen.getByTestId('attachment-library'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('/attachment/index', () => {
  it('lists your files with used space and traffic, filtered by type and name', async () => {
    const store = {
      files: [
        buildAttachment(1, { name: 'diagram.png', isImage: true, fileType: 'image/png', size: 1024 * 1024 }),
        buildAttachment(2, { name: 'spec.pdf', size: 1024 * 1024 }),
        buildAttachment(3, { name: 'notes.txt', fileType: 'text/plain', size: 512 * 1024 }),
      ],
      asked: [] as string[],
    };
    renderRoute('/attachment/index', { mocks: [signedIn(), myAttachmentsMock(store)] });

    expect(await screen.findByRole('heading', { name: 'My attachments' })).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['diagram.png', 'spec.pdf', 'notes.txt']));
    expect(screen.getByTestId('attachment-usage')).toHaveTextContent('Used space: 2.5 MB');
    expect(screen.getByTestId('attachment-usage')).toHaveTextContent('Traffic this month: 3 MB');

    fireEvent.click(screen.getByRole('radio', { name: 'Other files' }));
    await waitFor(() => expect(names()).toEqual(['spec.pdf', 'notes.txt']));

    fireEvent.change(screen.getByRole('textbox', { name: 'File name' }), { target: { value: 'note' } });
    await waitFor(() => expect(names()).toEqual(['notes.txt']));
    expect(store.asked).toContain('OTHER:note:1');
  });

  it('pages five files at a time', async () => {
    const store = { files: [1, 2, 3, 4, 5, 6].map((n) => buildAttachment(n)), asked: [] as string[] };
    renderRoute('/attachment/index', { mocks: [signedIn(), myAttachmentsMock(store)] });

    await waitFor(() => expect(names()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(names()).toEqual(['file-6.pdf']));
  });

  it('deletes a file only after the confirmation', async () => {
    const store = { files: [buildAttachment(1), buildAttachment(2)], asked: [] as string[] };
    const deleted: number[] = [];
    const remove: MockLink.MockedResponse = {
      request: { query: DeleteAttachmentDocument, variables: () => true },
      result: ({ id }) => {
        deleted.push(id as number);
        store.files = store.files.filter((file) => file.id !== id);
        return { data: { deleteAttachment: true } };
      },
    };
    renderRoute('/attachment/index', { mocks: [signedIn(), myAttachmentsMock(store), remove] });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete file-1.pdf' }));
    expect(await screen.findByText(/Delete file-1.pdf\? It disappears/)).toBeInTheDocument();
    expect(deleted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(names()).toEqual(['file-2.pdf']));
    expect(deleted).toEqual([1]);
  });

  it('binds a file to the page a link points at, refusing text that names no page', async () => {
    const store = { files: [buildAttachment(4)], asked: [] as string[] };
    const bound: Array<{ fileId: number; pageId: number }> = [];
    const bind: MockLink.MockedResponse = {
      request: { query: BindAttachmentDocument, variables: () => true },
      result: (variables) => {
        bound.push(variables as { fileId: number; pageId: number });
        return { data: { bindAttachment: true } };
      },
    };
    renderRoute('/attachment/index', {
      mocks: [signedIn(), myAttachmentsMock(store), bind],
      language: 'zh-CN',
    });

    fireEvent.click(await screen.findByRole('button', { name: '将 file-4.pdf 绑定到页面' }));
    const dialog = await screen.findByRole('dialog', { name: '在其他页面显示 file-4.pdf' });
    const field = within(dialog).getByRole('textbox', { name: '页面 ID 或页面链接' });
    fireEvent.change(field, { target: { value: 'somewhere' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入页面 ID 或页面链接')).toBeInTheDocument();
    expect(bound).toEqual([]);

    fireEvent.change(field, { target: { value: 'http://docs.example/12/345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bound).toEqual([{ fileId: 4, pageId: 345 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
