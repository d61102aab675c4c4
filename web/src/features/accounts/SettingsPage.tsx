import { useMutation } from '@apollo/client/react';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/errors';
import { ChangePasswordDocument, UpdateProfileDocument } from '../../gql/graphql';
import { saveUser } from '../../session/session';
import { AiTokensCard } from '../ai-tokens/AiTokensCard';
import { useSignedInUser } from '../shell/SignedInLayout';
import { useLogout } from './useLogout';

/** /user/setting: the username, an editable name, a password change and logout (spec §2 "User info"). */
export function SettingsPage() {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const logout = useLogout();

  return (
    <Stack gap="lg" maw={560}>
      <Title order={2}>{t('settings.title')}</Title>
      <ProfileCard key={me.id} username={me.username} email={me.email ?? null} initialName={me.name ?? ''} />
      <PasswordCard username={me.username} />
      <AiTokensCard />
      <Group>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={18} />}
          onClick={() => void logout()}
        >
          {t('settings.logout')}
        </Button>
      </Group>
    </Stack>
  );
}

function ProfileCard({
  username,
  email,
  initialName,
}: {
  username: string;
  email: string | null;
  initialName: string;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [updateProfile, { loading }] = useMutation(UpdateProfileDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const { data } = await updateProfile({ variables: { name: name.trim() } });
      if (data) saveUser(data.updateProfile);
      notifications.show({ color: 'green', message: t('settings.nameSaved') });
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Title order={4}>{t('settings.profile')}</Title>
          <div>
            <Text size="sm" c="dimmed">
              {t('settings.username')}
            </Text>
            <Text fw={500} data-testid="settings-username">
              {username}
            </Text>
            {email ? (
              <Text size="sm" c="dimmed">
                {email}
              </Text>
            ) : null}
          </div>
          <TextInput
            label={t('settings.name')}
            placeholder={t('settings.namePlaceholder')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            name="name"
          />
          {error ? <Alert color="red">{error}</Alert> : null}
          <Group>
            <Button type="submit" loading={loading}>
              {t('settings.saveName')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PasswordCard({ username }: { username: string }) {
  const { t } = useTranslation();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [changePassword, { loading }] = useMutation(ChangePasswordDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!oldPassword || !newPassword) {
      setError(t('settings.passwordRequired'));
      return;
    }
    if (newPassword !== confirmPassword) {
      setError(t('settings.passwordsDiffer'));
      return;
    }
    setError(null);
    try {
      await changePassword({ variables: { oldPassword, newPassword } });
      setOldPassword('');
      setNewPassword('');
      setConfirmPassword('');
      notifications.show({ color: 'green', message: t('settings.passwordChanged') });
    } catch (err) {
      setError(errorMessage(err, t('common.networkError')));
    }
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={4}>{t('settings.changePassword')}</Title>
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <PasswordInput
            label={t('settings.oldPassword')}
            value={oldPassword}
            onChange={(event) => setOldPassword(event.currentTarget.value)}
            autoComplete="current-password"
            name="oldPassword"
          />
          <PasswordInput
            label={t('settings.newPassword')}
            value={newPassword}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
            autoComplete="new-password"
            name="newPassword"
          />
          <PasswordInput
            label={t('settings.confirmPassword')}
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.currentTarget.value)}
            autoComplete="new-password"
            name="confirmPassword"
          />
          {error ? <Alert color="red">{error}</Alert> : null}
          <Group>
            <Button type="submit" loading={loading}>
              {t('settings.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
