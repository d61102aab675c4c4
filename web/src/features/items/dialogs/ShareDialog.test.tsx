import { describe, expect, it } from '@jest/globals';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { PageShareLinkDocument } from '../../../gql/graphql';
import { createI18n } from '../../../i18n/i18n';
import { QrCode } from './QrCode';
import { ShareDialog } from './ShareDialog';

const KEY = '0123456789abcdef0123456789abcdef';

function renderShareDialog() {
  const mocks: MockLink.MockedResponse[] = [
    {
      request: { query: PageShareLinkDocument, variables: { pageId: 40 } },
      result: {
        data: {
          pageShareLink: {
            __typename: 'ShareLink',
            key: KEY,
            path: `/p/${KEY}`,
            pageId: 40,
            createdAt: '2026-01-02T03:04:05.000Z',
            expiresAt: null,
          },
        },
      },
    },
  ];
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink(mocks) });
  render(
    <AppProviders client={client} i18n={createI18n('en')} env="test">
      <MemoryRouter>
        <ShareDialog
          item={{ id: 12, name: 'Docs', domain: null, isPrivate: false }}
          page={{ id: 40, title: 'Intro' }}
          canSharePage
          onClose={() => undefined}
        />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The modules of the QR code `value` would give: what a phone's camera reads. */
function modulesOf(value: string): string {
  const { container, unmount } = render(<QrCode value={value} label="reference" />);
  const drawing = container.querySelector('svg')!.innerHTML;
  unmount();
  return drawing;
}

describe('ShareDialog', () => {
  it('draws a QR code of the item link and of the page share link, and of the page link on demand', async () => {
    const user = userEvent.setup();
    renderShareDialog();
    const origin = window.location.origin;
    const itemUrl = `${origin}/12`;
    const pageUrl = `${origin}/12/40`;
    const shareUrl = `${origin}/p/${KEY}`;

    // The QR encoder loads lazily: the first time takes a moment.
    const itemQr = await screen.findByRole('img', { name: `QR code of ${itemUrl}` }, { timeout: 5000 });
    const shareQr = await screen.findByRole('img', { name: `QR code of ${shareUrl}` });
    expect(screen.queryByRole('img', { name: `QR code of ${pageUrl}` })).toBeNull();
    // Each code encodes its own address, nothing else.
    expect(itemQr.innerHTML).toBe(modulesOf(itemUrl));
    expect(shareQr.innerHTML).toBe(modulesOf(shareUrl));
    expect(itemQr.innerHTML).not.toBe(shareQr.innerHTML);

    const toggle = screen.getByRole('button', { name: 'QR code: Link to the page "Intro"' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    const pageQr = await screen.findByRole('img', { name: `QR code of ${pageUrl}` });
    expect(pageQr.innerHTML).toBe(modulesOf(pageUrl));
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});
