import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The item view's footer (spec §2): back to home and where the documents are served from. */
export function ItemViewFooter({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Group
      component="footer"
      justify="center"
      gap="xs"
      mt={48}
      py="md"
      c="dimmed"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      data-testid="item-footer"
    >
      <Anchor component={Link} to={signedIn ? '/item/index' : '/'} size="xs" c="dimmed">
        {signedIn ? t('itemView.backToItems') : t('common.backHome')}
      </Anchor>
      <Text size="xs" aria-hidden>
        ·
      </Text>
      <Text size="xs">{t('itemView.poweredBy')}</Text>
    </Group>
  );
}
