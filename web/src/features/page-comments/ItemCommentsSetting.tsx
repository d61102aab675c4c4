import { useMutation, useQuery } from '@apollo/client/react';
import { Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { ItemCommentSettingDocument, SetItemCommentsDocument } from '../../gql/graphql';

/** Regular items (ShowDoc type 1) take comments: the switch that opens them, for the item's managers. */
export function ItemCommentsSetting({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const { data } = useQuery(ItemCommentSettingDocument, { variables: { id: itemId } });
  const [save, saving] = useMutation(SetItemCommentsDocument);
  if (!data || data.item.type !== 1) return null;
  return (
    <Switch
      mt="lg"
      label={t('comments.allowSetting')}
      description={<Text size="xs">{t('comments.allowSettingHint')}</Text>}
      checked={data.item.allowComment}
      disabled={saving.loading}
      data-testid="allow-comments"
      onChange={(event) =>
        void save({ variables: { id: itemId, allow: event.currentTarget.checked } }).catch((err: unknown) =>
          notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) }),
        )
      }
    />
  );
}
