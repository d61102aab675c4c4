import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { FollowingPageDocument, FollowPageDocument } from '../../gql/graphql';

/** Follow or leave a page's updates (reminders when an editor saves it with notify). Signed-in readers. */
export function FollowPageButton({ pageId }: { pageId: number }) {
  const { t } = useTranslation();
  const state = useQuery(FollowingPageDocument, { variables: { pageId }, fetchPolicy: 'cache-and-network' });
  const [follow, following] = useMutation(FollowPageDocument, {
    refetchQueries: [{ query: FollowingPageDocument, variables: { pageId } }],
    awaitRefetchQueries: true,
  });
  if (state.data === undefined) return null;
  const on = state.data.followingPage;
  return (
    <Group justify="flex-end" mb="xs">
      <Button
        size="compact-sm"
        variant={on ? 'light' : 'subtle'}
        leftSection={on ? <IconBellOff size={14} /> : <IconBell size={14} />}
        loading={following.loading}
        data-testid="follow-page"
        onClick={() =>
          void follow({ variables: { pageId, follow: !on } })
            .then(() =>
              notifications.show({
                message: t(on ? 'messageCenter.notFollowing' : 'messageCenter.following'),
              }),
            )
            .catch((failure: unknown) =>
              notifications.show({ color: 'red', message: errorMessage(failure, t('messageCenter.failed')) }),
            )
        }
      >
        {on ? t('messageCenter.unfollow') : t('messageCenter.follow')}
      </Button>
    </Group>
  );
}
