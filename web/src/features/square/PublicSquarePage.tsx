import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorCode, errorMessage } from '../../app/errors';
import { PublicItemsDocument } from '../../gql/graphql';

/** Spec 001 §5: 12 cards a page. */
export const SQUARE_PAGE_SIZE = 12;

/** /public-square: every public item of the site, searched by title or by the pages' content. */
export function PublicSquarePage() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ search: '', inContent: false });
  const [mode, setMode] = useState<'title' | 'content'>('title');
  const [page, setPage] = useState(1);
  const { data, error, loading } = useQuery(PublicItemsDocument, {
    variables: { ...query, page },
    fetchPolicy: 'cache-and-network',
  });

  // Spec §6: disabled, or the network failing, says so and goes back to the item list.
  useEffect(() => {
    if (!error) return;
    const disabled = errorCode(error) === 'PUBLIC_SQUARE_DISABLED';
    if (disabled || !data) {
      notifications.show({
        color: 'red',
        message: disabled ? t('square.disabled') : errorMessage(error, tc('common.networkError')),
      });
      void navigate('/item/index', { replace: true });
    }
  }, [error, data, navigate, t, tc]);

  const search = () => {
    setPage(1);
    setQuery({ search: typed, inContent: mode === 'content' });
  };
  const list = data?.publicItems;

  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('square.title')}</Title>
        <Anchor component={Link} to="/item/index" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('square.back')}
          </Group>
        </Anchor>
      </Group>
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as 'title' | 'content')}
          data={[
            { value: 'title', label: t('square.byTitle') },
            { value: 'content', label: t('square.byContent') },
          ]}
        />
        <TextInput
          aria-label={t('square.placeholder')}
          placeholder={t('square.placeholder')}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          style={{ flex: '1 1 12rem' }}
        />
        <Button leftSection={<IconSearch size={14} />} onClick={search}>
          {t('square.search')}
        </Button>
      </Group>
      {error && data ? <Alert color="red">{errorMessage(error, tc('common.networkError'))}</Alert> : null}
      {!list && loading ? <Loader size="sm" /> : null}
      {list && list.items.length === 0 ? <Text c="dimmed">{t('square.empty')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {list?.items.map((item) => (
          <Card
            key={item.id}
            withBorder
            component="a"
            href={`/${item.domain || item.id}`}
            target="_blank"
            rel="noopener"
            padding="md"
          >
            <Text fw={600} lineClamp={1}>
              {item.name}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={2} mt={4}>
              {item.description || t('square.noDescription')}
            </Text>
            <Text size="xs" c="dimmed" mt="sm">
              {t('square.updated', {
                time: new Date(item.lastUpdateAt).toLocaleString(i18n.language, { dateStyle: 'medium' }),
              })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {list && list.total > SQUARE_PAGE_SIZE ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('console.total', { count: list.total })}
          </Text>
          <Pagination
            size="sm"
            value={page}
            onChange={setPage}
            total={Math.ceil(list.total / SQUARE_PAGE_SIZE)}
            withControls
          />
        </Group>
      ) : null}
    </Stack>
  );
}
