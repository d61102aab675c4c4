import { useMutation } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { LeaveTeamDocument } from '../../gql/graphql';
import { ConfirmButton } from '../shell/ConfirmAction';

/** "Quit team" for its members (spec §6); asks first. The creator transfers or deletes instead. */
export function LeaveTeamButton({ team, onLeft }: { team: { id: number; name: string }; onLeft?(): void }) {
  const { t } = useTranslation();
  const [leave, { loading }] = useMutation(LeaveTeamDocument, {
    // Gone from the cache, the team drops out of every list that showed it.
    update(cache, { data }) {
      if (!data?.leaveTeam) return;
      cache.evict({ id: cache.identify({ __typename: 'Team', id: team.id }) });
      cache.gc();
    },
  });
  return (
    <ConfirmButton
      label={t('teams.leave')}
      question={t('teams.leaveConfirm', { name: team.name })}
      loading={loading}
      onConfirm={async () => {
        try {
          await leave({ variables: { id: team.id } });
          notifications.show({ color: 'green', message: t('teams.left', { name: team.name }) });
          onLeft?.();
        } catch (err) {
          notifications.show({ color: 'red', message: errorMessage(err, t('common.networkError')) });
        }
      }}
    />
  );
}
