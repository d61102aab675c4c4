import { Group, PasswordInput, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Visibility } from '../itemForm';

interface VisibilityFieldsProps {
  visibility: Visibility;
  password: string;
  onVisibilityChange(visibility: Visibility): void;
  onPasswordChange(password: string): void;
  /** Replaces the password box's usual hint (the copy dialog says the original's is not copied). */
  passwordHint?: string;
}

/** Open or private with a visit password; the password box shows for private items only. */
export function VisibilityFields({
  visibility,
  password,
  onVisibilityChange,
  onPasswordChange,
  passwordHint,
}: VisibilityFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('itemForm.visibility')}
        value={visibility}
        onChange={(value) => onVisibilityChange(value === 'private' ? 'private' : 'open')}
      >
        <Group gap="lg" mt={6}>
          <Radio value="open" label={t('itemForm.open')} />
          <Radio value="private" label={t('itemForm.private')} />
        </Group>
      </Radio.Group>
      {visibility === 'private' ? (
        <PasswordInput
          label={t('itemForm.visitPassword')}
          description={passwordHint ?? t('itemForm.visitPasswordHint')}
          value={password}
          onChange={(event) => onPasswordChange(event.currentTarget.value)}
          autoComplete="new-password"
          name="visitPassword"
        />
      ) : null}
    </Stack>
  );
}
