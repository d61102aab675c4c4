import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { useScrollSpy } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './ItemView.module.css';

export const HEADING_SELECTOR = '[data-page-content] :is(h1, h2, h3, h4)';

/** The page's headings, the one in view highlighted; re-read when `version` (the page) changes. */
export function PageToc({ version }: { version: string }) {
  const { t } = useTranslation();
  const spy = useScrollSpy({ selector: HEADING_SELECTOR, offset: 80 });
  const { reinitialize } = spy;

  useEffect(() => {
    // The markdown renders in its own chunk: read the headings once it is there.
    const timers = [0, 300, 1200].map((delay) => window.setTimeout(reinitialize, delay));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [version, reinitialize]);

  if (spy.data.length < 2) return null;
  const minDepth = Math.min(...spy.data.map((heading) => heading.depth));
  return (
    <Box component="nav" aria-label={t('itemView.toc')} className={classes.toc}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6}>
        {t('itemView.toc')}
      </Text>
      <Stack gap={0}>
        {spy.data.map((heading, index) => (
          <UnstyledButton
            key={heading.id || index}
            className={classes.tocLink}
            data-active={index === spy.active || undefined}
            style={{ paddingInlineStart: 10 + (heading.depth - minDepth) * 12 }}
            onClick={() => heading.getNode().scrollIntoView({ behavior: 'smooth', block: 'start' })}
          >
            {heading.value}
          </UnstyledButton>
        ))}
      </Stack>
    </Box>
  );
}
