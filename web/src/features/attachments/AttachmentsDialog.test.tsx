import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { UnbindAttachmentDocument } from '../../gql/graphql';
import { createI18n, type Language } from '../../i18n/i18n';
import { buildAttachment, pageAttachmentsMock } from './attachmentMocks';
import { AttachmentsDialog, type AttachmentsDialogProps } from './AttachmentsDialog';

function renderDialog(
  mocks: MockLink.MockedResponse[],
  props: Partial<AttachmentsDialogProps> = {},
  language: Language = 'en',
) {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink(mocks, { defaultOptions: { delay: 0 } }),
  });
  return render(
    <AppProviders client={client} i18n={createI18n(language)} env="test">
      <MemoryRouter>
        <AttachmentsDialog pageId={41} itemId={3} manage={false} onClose={() => undefined} {...props} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const rowNames = (dialog: HTMLElement) =>
  within(within(dialog).getByTestId('attachment-list'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('AttachmentsDialog', () => {
  it('shows readers five files a page with download links only', async () => {
    const files = [1, 2, 3, 4, 5, 6, 7].map((n) => buildAttachment(n));
    renderDialog([pageAttachmentsMock(41, files)]);

    const dialog = await screen.findByRole('dialog', { name: 'Attachments' });
    await waitFor(() => expect(rowNames(dialog)).toEqual(files.slice(0, 5).map((f) => f.name)));
    const download = within(dialog).getByRole('link', { name: 'Download file-1.pdf' });
    expect(download).toHaveAttribute('href', files[0]!.url);
    expect(within(dialog).queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Insert / })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Delete / })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: '2' }));
    await waitFor(() => expect(rowNames(dialog)).toEqual(['file-6.pdf', 'file-7.pdf']));
  });

  it('lets an editor insert a file as markdown, an image as an image', async () => {
    const onInsert = jest.fn<(markdown: string) => void>();
    const onClose = jest.fn();
    const files = [
      buildAttachment(1, {
        name: 'shot (1).png',
        isImage: true,
        fileType: 'image/png',
        url: '/files/s1/shot%20(1).png',
      }),
      buildAttachment(2),
    ];
    renderDialog([pageAttachmentsMock(41, files)], { manage: true, onInsert, onClose });

    const dialog = await screen.findByRole('dialog', { name: 'Attachments' });
    expect(await within(dialog).findByRole('button', { name: 'Upload' })).toBeInTheDocument();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Insert shot (1).png' }));
    expect(onInsert).toHaveBeenLastCalledWith('![shot (1).png](/files/s1/shot%20%281%29.png)');
    expect(onClose).toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert file-2.pdf' }));
    expect(onInsert).toHaveBeenLastCalledWith(`[file-2.pdf](${files[1]!.url})`);
  });

  it('takes a file off the page after a confirmation and tells the opener', async () => {
    const onChanged = jest.fn();
    const unbound = { count: 0 };
    let files = [buildAttachment(1), buildAttachment(2)];
    const list: MockLink.MockedResponse = {
      ...pageAttachmentsMock(41, []),
      result: () => ({
        data: { page: { __typename: 'Page', id: 41, attachmentCount: files.length, attachments: files } },
      }),
    };
    const unbind: MockLink.MockedResponse = {
      request: { query: UnbindAttachmentDocument, variables: { fileId: 2, pageId: 41 } },
      result: () => {
        unbound.count += 1;
        files = files.filter((file) => file.id !== 2);
        return { data: { unbindAttachment: true } };
      },
    };
    renderDialog([list, unbind], { manage: true, onChanged }, 'zh-CN');

    const dialog = await screen.findByRole('dialog', { name: '附件' });
    fireEvent.click(await within(dialog).findByRole('button', { name: '删除 file-2.pdf' }));
    expect(await screen.findByText(/从本页移除 file-2.pdf/)).toBeInTheDocument();
    expect(unbound.count).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));

    await waitFor(() => expect(rowNames(dialog)).toEqual(['file-1.pdf']));
    expect(unbound.count).toBe(1);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('says so when the page has no files', async () => {
    renderDialog([pageAttachmentsMock(41, [])]);
    expect(await screen.findByText('No attachments yet')).toBeInTheDocument();
  });
});
