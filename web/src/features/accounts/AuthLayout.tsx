import { Box, Card, Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { ColorSchemeToggle } from '../../theme/ColorSchemeToggle';
import { Brand } from '../shell/Brand';

/** The frame of the login, register and token-login screens: a slim bar and one centred card. */
export function AuthLayout({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Brand />
          <Group gap={4} wrap="nowrap">
            <LanguageSwitch />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </Container>
      <Container size={420} px="md" pt={{ base: 'lg', sm: 60 }} pb="xl">
        <Card withBorder shadow="sm" padding="xl" radius="md">
          <Stack gap="md">
            {title ? (
              <Title order={2} ta="center">
                {title}
              </Title>
            ) : null}
            {children}
          </Stack>
        </Card>
      </Container>
    </Box>
  );
}
