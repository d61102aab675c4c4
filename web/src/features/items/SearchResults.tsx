import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Group, Loader, Mark, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../app/errors';
import { MyItemsDocument, SearchPagesDocument, type SearchPagesQuery } from '../../gql/graphql';
import { ItemCollection } from './ItemCollection';
import type { Dialogs } from '../../app/dialogs/DialogHost';
import { itemPagePath, itemPath } from './itemLinks';
import { matchesItem, splitHighlights, type TextRange } from './itemSearch';
import { ItemTypeIcon } from './ItemTypeIcon';
import type { ItemViewMode } from './preferences';

type Hit = SearchPagesQuery['search']['edges'][number]['node'];

/** Search across items: items by name or description, then matching pages grouped by item. */
export function SearchResults({
  keyword,
  mode,
  dialogs,
}: {
  keyword: string;
  mode: ItemViewMode;
  dialogs: Dialogs;
}) {
  const { t } = useTranslation();
  const query = keyword.trim();
  const items = useQuery(MyItemsDocument, { variables: { groupId: 0 } });
  const pages = useQuery(SearchPagesDocument, { variables: { query, first: 50 } });
  const matchingItems = (items.data?.myItems.edges ?? []).filter((edge) => matchesItem(edge.node, query));
  const hits = pages.data?.search.edges.map((edge) => edge.node) ?? [];
  const byItem = groupByItem(hits);
  const loading = (items.loading && !items.data) || (pages.loading && !pages.data);

  return (
    <Stack gap="lg" data-testid="search-results">
      {matchingItems.length > 0 ? (
        <ItemCollection edges={matchingItems} mode={mode} dialogs={dialogs} />
      ) : null}
      {pages.error ? <Alert color="red">{errorMessage(pages.error, t('search.failed'))}</Alert> : null}
      {byItem.map(({ item, hits: itemHits }) => (
        <Paper key={item.id} withBorder radius="md" p="md">
          <Group gap="xs" mb="xs" wrap="nowrap">
            <ItemTypeIcon type={item.type} size={28} />
            <Title order={5} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={itemPath(item)} c="inherit">
                {item.name}
              </Anchor>
            </Title>
          </Group>
          <Stack gap="sm">
            {itemHits.map((hit) => (
              <div key={hit.page.id}>
                <Anchor component={Link} to={itemPagePath(item, hit.page.id)} fw={500}>
                  <Highlighted text={hit.page.title} ranges={hit.titleHighlights} />
                </Anchor>
                {hit.catalogPath.length > 0 ? (
                  <Group gap={2} wrap="wrap">
                    {hit.catalogPath.map((name, index) => (
                      <Fragment key={`${index}-${name}`}>
                        {index > 0 ? (
                          <IconChevronRight size={12} color="var(--mantine-color-dimmed)" />
                        ) : null}
                        <Text size="xs" c="dimmed">
                          {name}
                        </Text>
                      </Fragment>
                    ))}
                  </Group>
                ) : null}
                {hit.snippet ? (
                  <Text size="sm" c="dimmed" lineClamp={3} style={{ wordBreak: 'break-word' }}>
                    <Highlighted text={hit.snippet} ranges={hit.highlights} />
                  </Text>
                ) : null}
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
      {loading ? <Loader size="sm" /> : null}
      {!loading && matchingItems.length === 0 && byItem.length === 0 && !pages.error ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('search.nothing')}
        </Text>
      ) : null}
    </Stack>
  );
}

function groupByItem(hits: Hit[]): { item: Hit['item']; hits: Hit[] }[] {
  const groups = new Map<number, { item: Hit['item']; hits: Hit[] }>();
  for (const hit of hits) {
    const group = groups.get(hit.item.id) ?? { item: hit.item, hits: [] };
    group.hits.push(hit);
    groups.set(hit.item.id, group);
  }
  return [...groups.values()];
}

/** The text with the server's match ranges marked; the text itself is never parsed as HTML. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  return (
    <>
      {splitHighlights(text, ranges).map((part, index) =>
        part.highlighted ? (
          <Mark key={index} px={1}>
            {part.text}
          </Mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
