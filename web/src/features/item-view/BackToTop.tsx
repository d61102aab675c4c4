import { ActionIcon, Affix, Tooltip, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The item view's "back to top" button, once the reader has scrolled a screen or so. */
export function BackToTop() {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > 400}>
        {(styles) => (
          <Tooltip label={t('itemView.backToTop')}>
            <ActionIcon
              size="xl"
              radius="xl"
              variant="default"
              style={styles}
              aria-label={t('itemView.backToTop')}
              onClick={() => scrollTo({ y: 0 })}
            >
              <IconArrowUp size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </Transition>
    </Affix>
  );
}
