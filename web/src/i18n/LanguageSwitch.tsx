import { Box, Button, Tooltip } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGE_LABELS } from './i18n';

/**
 * Two interface languages, so one button switches to the other one and is named after it. `collapse`
 * keeps only the icon on phone widths (the signed-in header has little room there).
 */
export function LanguageSwitch({ collapse = false }: { collapse?: boolean }) {
  const { t, i18n } = useTranslation();
  const next = currentLanguage(i18n) === 'zh-CN' ? 'en' : 'zh-CN';
  return (
    <Tooltip label={t('common.switchLanguage')}>
      <Button
        variant="subtle"
        color="gray"
        size="compact-md"
        px={6}
        h={34}
        leftSection={<IconLanguage size={20} stroke={1.6} />}
        styles={{ section: collapse ? { marginInlineEnd: 0 } : undefined }}
        onClick={() => void changeLanguage(i18n, next)}
        aria-label={LANGUAGE_LABELS[next]}
        lang={next}
      >
        {collapse ? (
          <Box component="span" visibleFrom="sm" ml={6}>
            {LANGUAGE_LABELS[next]}
          </Box>
        ) : (
          LANGUAGE_LABELS[next]
        )}
      </Button>
    </Tooltip>
  );
}
