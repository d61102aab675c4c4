import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Group, Radio, Stack, TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddTeamMembersDocument, UserCandidatesDocument } from '../../../gql/graphql';
import { DialogFrame } from '../../shell/DialogFrame';
import { quotaAwareMessage } from '../../members/QuotaPrompt';
import { TEAM_MEMBER_GROUPS } from '../teamRole';

/** The server takes at most this many names in one call (MAX_NAMES_PER_CALL). */
const MAX_NAMES = 100;

/**
 * Adds several people at once (usernames or e-mail addresses, typed or picked), all as ordinary members
 * or all as team admins. The collaborator quota (10310) is explained in place.
 */
export function AddTeamMembersDialog({
  teamId,
  existing,
  onClose,
  onAdded,
}: {
  teamId: number;
  /** Usernames already in the team: not suggested again. */
  existing: readonly string[];
  onClose(): void;
  onAdded(): void;
}) {
  const { t } = useTranslation();
  const [usernames, setUsernames] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [group, setGroup] = useState('1');
  const [error, setError] = useState<ReactNode>(null);
  const candidates = useQuery(UserCandidatesDocument, {
    variables: { search: debounced },
    skip: debounced === '',
  });
  const [addMembers, { loading }] = useMutation(AddTeamMembersDocument);

  const taken = new Set([...existing, ...usernames]);
  const suggestions = (candidates.data?.users ?? [])
    .map((user) => user.username)
    .filter((username) => !taken.has(username));

  async function submit() {
    // A name still being typed counts too: people press the confirm button without Enter.
    const names = [...new Set([...usernames, ...splitNames(search)])];
    if (names.length === 0) {
      setError(t('teams.chooseMembers'));
      return;
    }
    setError(null);
    try {
      const { data } = await addMembers({
        variables: { input: { teamId, usernames: names, teamMemberGroupId: Number(group) } },
      });
      const added = data?.addTeamMembers.added.length ?? 0;
      const skipped = data?.addTeamMembers.skipped ?? [];
      notifications.show({ color: 'green', message: t('teams.membersAdded', { count: added }) });
      if (skipped.length > 0) {
        notifications.show({
          color: 'yellow',
          message: t('teams.alreadyMembers', { names: skipped.map((s) => s.username).join(', ') }),
        });
      }
      onAdded();
      onClose();
    } catch (err) {
      setError(quotaAwareMessage(err, t('common.networkError')));
    }
  }

  return (
    <DialogFrame
      opened
      size="md"
      title={t('teams.addMembers')}
      onClose={onClose}
      onConfirm={() => void submit()}
      confirmLabel={t('teams.addSubmit')}
      loading={loading}
    >
      <Stack gap="sm">
        <TagsInput
          label={t('teams.usernames')}
          description={t('teams.usernamesHint')}
          placeholder={usernames.length === 0 ? t('teams.usernamesPlaceholder') : undefined}
          data={suggestions}
          value={usernames}
          onChange={(values) => setUsernames([...new Set(values.flatMap(splitNames))])}
          searchValue={search}
          onSearchChange={setSearch}
          splitChars={[',', '，', ';']}
          maxTags={MAX_NAMES}
          clearable
          autoCapitalize="off"
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <Radio.Group label={t('teams.memberGroup')} value={group} onChange={setGroup}>
          <Group gap="lg" mt={4}>
            {TEAM_MEMBER_GROUPS.map((value) => (
              <Radio key={value} value={String(value)} label={t(`teams.memberGroups.${value}`)} />
            ))}
          </Group>
        </Radio.Group>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}

/** Pasted lists arrive whole: "bob, carol" is two names (a username may hold a space). */
function splitNames(text: string): string[] {
  return text
    .split(/[\n,，;]+/)
    .map((name) => name.trim())
    .filter(Boolean);
}
