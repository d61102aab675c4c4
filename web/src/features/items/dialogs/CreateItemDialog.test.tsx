import { describe, expect, it } from '@jest/globals';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { CreateItemDocument, type CreateItemInput } from '../../../gql/graphql';
import { createI18n } from '../../../i18n/i18n';
import { buildItem, myItemsMock } from '../../../test/mocks';
import { CreateItemDialog } from './CreateItemDialog';

function renderDialog(groupId = 0) {
  const sent: CreateItemInput[] = [];
  const created = buildItem({ id: 9, name: 'Private docs', isPrivate: true });
  const mocks: MockLink.MockedResponse[] = [
    {
      request: {
        query: CreateItemDocument,
        variables: (variables: { input: CreateItemInput }) => {
          sent.push(variables.input);
          return true;
        },
      },
      result: { data: { createItem: created } },
      maxUsageCount: Number.POSITIVE_INFINITY,
    },
    myItemsMock(0, [created]),
  ];
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink(mocks) });
  let closed = 0;
  render(
    <AppProviders client={client} i18n={createI18n('en')} env="test">
      <MemoryRouter>
        <CreateItemDialog opened groupId={groupId} onClose={() => (closed += 1)} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { sent, closed: () => closed };
}

describe('CreateItemDialog', () => {
  it('refuses a private item without a password, then sends the password once given', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();

    await user.type(await screen.findByLabelText(/Item name/), 'Private docs');
    await user.click(screen.getByLabelText('Private: readers need a password'));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Private item: please set a visit password')).toBeInTheDocument();
    expect(dialog.sent).toEqual([]);

    await user.type(screen.getByLabelText(/Visit password/), 'open-sesame');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(dialog.sent).toHaveLength(1));
    expect(dialog.sent[0]).toMatchObject({ type: 1, name: 'Private docs', password: 'open-sesame' });
    await waitFor(() => expect(dialog.closed()).toBe(1));
  });

  it('sends an empty password for an open item even after one was typed', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog(5);

    await user.click(await screen.findByRole('radio', { name: /Spreadsheet/ }));
    await user.type(screen.getByLabelText(/Item name/), 'Budget');
    await user.click(screen.getByLabelText('Private: readers need a password'));
    await user.type(screen.getByLabelText(/Visit password/), 'typed-then-dropped');
    await user.click(screen.getByLabelText('Open: anyone with the link can read it'));
    // Enter in a field submits, as the confirm button does.
    await user.type(screen.getByLabelText(/Item name/), '{Enter}');

    await waitFor(() => expect(dialog.sent).toHaveLength(1));
    expect(dialog.sent[0]).toMatchObject({ type: 4, name: 'Budget', password: '', groupIds: [5] });
  });

  it('checks the personal domain before sending', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();

    await user.type(await screen.findByLabelText(/Item name/), 'Docs');
    await user.type(screen.getByLabelText(/Personal domain/), '12345');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(
      await screen.findByText('A personal domain has letters and digits only, and not digits only'),
    ).toBeInTheDocument();
    expect(dialog.sent).toEqual([]);
  });

  it('appears 200 ms after it is opened (spec §2 generic dialog)', async () => {
    renderDialog();
    expect(screen.queryByRole('dialog')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'New item' })).toBeInTheDocument();
  });

  it('offers importing a file into a new item', async () => {
    const user = userEvent.setup();
    const dialog = renderDialog();

    await user.click(await screen.findByRole('radio', { name: /Import file/ }));
    expect(screen.getByTestId('import-panel')).toHaveTextContent('Drop a file here or click to choose one');
    // No target choice: a new item is the only one.
    expect(screen.queryByRole('radio', { name: 'A new item' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.queryByLabelText(/Item name/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(dialog.sent).toEqual([]);
  });
});
