import { Box, Group, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CaptchaState } from './useCaptcha';

interface CaptchaFieldProps {
  captcha: CaptchaState;
  value: string;
  onChange(value: string): void;
}

/** The captcha text box and its image; clicking the image asks for a new challenge. */
export function CaptchaField({ captcha, value, onChange }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <TextInput
        label={t('login.captcha')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        style={{ flex: 1 }}
        name="captcha"
      />
      <UnstyledButton
        onClick={captcha.refresh}
        title={t('login.refreshCaptcha')}
        aria-label={t('login.refreshCaptcha')}
        style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', flexShrink: 0 }}
      >
        <Box
          w={108}
          h={36}
          bg="gray.1"
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          {captcha.image ? (
            <img
              src={captcha.image}
              alt={t('login.captchaAlt')}
              width={108}
              height={36}
              style={{ display: 'block' }}
            />
          ) : null}
        </Box>
      </UnstyledButton>
    </Group>
  );
}
