import { describe, expect, it } from '@jest/globals';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/AppProviders';
import { ItemDetailDocument, UpdateItemDocument, type UpdateItemInput } from '../../../gql/graphql';
import { createI18n } from '../../../i18n/i18n';
import { buildItem } from '../../../test/mocks';
import { ItemInfoForm } from './ItemInfoForm';

const item = buildItem({ id: 4, name: 'Shop API', domain: 'shop' });

/** The settings tab on item 4; the first update answers `firstAnswer`, later ones succeed. */
function renderForm(firstAnswer: { code: string; message: string }) {
  const sent: UpdateItemInput[] = [];
  const mocks: MockLink.MockedResponse[] = [
    {
      request: { query: ItemDetailDocument, variables: { id: 4 } },
      result: {
        data: {
          item: {
            ...item,
            password: null,
            viewerRights: {
              __typename: 'ItemRights',
              edit: true,
              manage: true,
              isOwner: true,
              archived: false,
            },
          },
        },
      },
      maxUsageCount: Number.POSITIVE_INFINITY,
    },
    {
      request: {
        query: UpdateItemDocument,
        variables: (variables: { input: UpdateItemInput }) => {
          sent.push(variables.input);
          return true;
        },
      },
      result: { errors: [new GraphQLError(firstAnswer.message, { extensions: { code: firstAnswer.code } })] },
    },
    {
      request: { query: UpdateItemDocument, variables: () => true },
      result: { data: { updateItem: { ...item, domain: 'shop2', password: null } } },
    },
  ];
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink(mocks) });
  render(
    <AppProviders client={client} i18n={createI18n('en')} env="test">
      <MemoryRouter>
        <ItemInfoForm itemId={4} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { sent };
}

describe('ItemInfoForm', () => {
  it('changes the personal domain and shows the server’s refusal without losing the input', async () => {
    const user = userEvent.setup();
    const form = renderForm({ code: 'DOMAIN_TAKEN', message: 'This personal domain is already in use' });

    const domain = await screen.findByLabelText('Personal domain');
    expect(domain).toBeEnabled();
    expect(domain).toHaveValue('shop');
    await user.clear(domain);
    await user.type(domain, 'shop2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This personal domain is already in use')).toBeInTheDocument();
    expect(form.sent[0]).toMatchObject({ name: 'Shop API', domain: 'shop2' });
    expect(screen.getByLabelText('Personal domain')).toHaveValue('shop2');
  });

  it('checks the domain before sending and sends none when unchanged', async () => {
    const user = userEvent.setup();
    const form = renderForm({ code: 'DOMAIN_INVALID', message: 'Invalid domain' });
    const domain = await screen.findByLabelText('Personal domain');
    await user.clear(domain);
    await user.type(domain, '12345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A personal domain has letters and digits only, and not digits only'),
    ).toBeInTheDocument();
    expect(form.sent).toEqual([]);

    await user.clear(domain);
    await user.type(domain, 'shop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.sent).toHaveLength(1));
    expect(form.sent[0]).not.toHaveProperty('domain');
  });
});
