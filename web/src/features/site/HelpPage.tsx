import { Anchor, Container, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MarkdownContent } from '../item-view/PageArticle';
import { useTabTitle } from '../../app/useTabTitle';
import { demoEn, demoZhCN } from './help/demo';
import { guideEn } from './help/guide.en';
import { guideZhCN } from './help/guide.zh-CN';

/**
 * Quire's own help and demo (issue #22: the landing page links here, not to showdoc.com.cn), in the
 * interface language, rendered by the same markdown pipeline as every page.
 */
export function HelpPage({ demo = false }: { demo?: boolean }) {
  const { t, i18n } = useTranslation();
  const chinese = i18n.language.startsWith('zh');
  const content = demo ? (chinese ? demoZhCN : demoEn) : chinese ? guideZhCN : guideEn;
  useTabTitle(demo ? t('landing.demo') : t('landing.help'));
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group gap="lg">
          <Anchor component={Link} to="/">
            Quire
          </Anchor>
          <Anchor component={Link} to={demo ? '/help' : '/help/demo'}>
            {demo ? t('landing.help') : t('landing.demo')}
          </Anchor>
        </Group>
        <MarkdownContent content={content} />
      </Stack>
    </Container>
  );
}

export const DemoPage = () => <HelpPage demo />;
