import { describe, expect, it } from '@jest/globals';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/AppProviders';
import { CreateWebhookDocument, ItemWebhooksDocument } from '../../gql/graphql';
import { createI18n, type Language } from '../../i18n/i18n';
import { WebhooksPanel } from './WebhooksPanel';

const hook = {
  __typename: 'ItemWebhook' as const,
  id: 4,
  url: 'https://hooks.example.com/q',
  secret: 's3cret',
  events: ['page', 'member'],
  preset: 'wecom',
  enabled: true,
};

function renderPanel(mocks: ReadonlyArray<MockLink.MockedResponse>, language: Language = 'en') {
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink(mocks, { defaultOptions: { delay: 0 } }),
  });
  return render(
    <AppProviders client={client} i18n={createI18n(language)} env="test">
      <MemoryRouter>
        <WebhooksPanel itemId={3} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('WebhooksPanel', () => {
  it('adds a webhook and lists it with its secret', async () => {
    let created: unknown = null;
    renderPanel([
      {
        request: { query: ItemWebhooksDocument, variables: { itemId: 3 } },
        result: () => ({ data: { itemWebhooks: created ? [hook] : [] } }),
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
      {
        request: {
          query: CreateWebhookDocument,
          variables: (vars: Record<string, unknown>) => {
            created = vars.input;
            return true;
          },
        },
        result: { data: { createWebhook: hook } },
      },
    ]);
    expect(await screen.findByText('No webhooks yet.')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Address'), {
      target: { value: ' https://hooks.example.com/q ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(created).toEqual({
        itemId: 3,
        url: 'https://hooks.example.com/q',
        events: ['page', 'catalog', 'member'],
        preset: 'json',
      }),
    );
    expect(await screen.findByTestId('webhook')).toHaveTextContent('https://hooks.example.com/q');
    expect(screen.getByText('s3cret')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send test' })).toBeVisible();
  });

  it('speaks Chinese', async () => {
    renderPanel(
      [
        {
          request: { query: ItemWebhooksDocument, variables: { itemId: 3 } },
          result: { data: { itemWebhooks: [hook] } },
        },
      ],
      'zh-CN',
    );
    expect(await screen.findByRole('button', { name: '发送测试' })).toBeVisible();
    expect(screen.getByTestId('webhook')).toHaveTextContent('成员');
    expect(screen.getByRole('button', { name: '添加 Webhook' })).toBeVisible();
  });
});
