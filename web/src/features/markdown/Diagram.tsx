import { Alert, Code, Text, useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramKind } from './diagram-render';
import classes from './MarkdownView.module.css';

type State = { svg: string } | { error: string } | null;

/**
 * A ```` ```mermaid ````, ```` ```flow ```` or ```` ```seq ```` block: its source until it comes near the
 * viewport, then an SVG drawn by mermaid (loaded on first use), or a readable error box with the source.
 */
export function Diagram({ kind, source }: { kind: DiagramKind; source: string }) {
  const { t } = useTranslation('markdown');
  const scheme = useComputedColorScheme('light');
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [state, setState] = useState<State>(null);

  useEffect(() => {
    const element = box.current;
    // Without IntersectionObserver (old browsers, jsdom) the source stays: nothing heavy loads.
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!visible) return;
    let current = true;
    import('./diagram-render')
      .then(({ renderDiagram }) => renderDiagram(kind, source, scheme))
      .then(
        (svg) => current && setState({ svg }),
        (error: unknown) =>
          current && setState({ error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [visible, kind, source, scheme]);

  if (state && 'error' in state) {
    return (
      <Alert color="red" title={t('diagramError')} data-diagram-error={kind} className={classes.diagramError}>
        <Text size="sm" className={classes.diagramMessage}>
          {state.error}
        </Text>
        <Text size="xs" c="dimmed" mt="xs">
          {t('diagramSource')}
        </Text>
        <Code block>{source}</Code>
      </Alert>
    );
  }
  if (state) {
    return (
      <div
        className={classes.diagram}
        data-diagram={kind}
        // Mermaid (strict security level) wrote it and DOMPurify's SVG profile cleaned it: diagram-render.ts.
        dangerouslySetInnerHTML={{ __html: state.svg }}
      />
    );
  }
  return (
    <div ref={box} className={classes.diagram} data-diagram-pending={kind} aria-busy="true">
      <pre aria-label={t('diagramLoading')}>
        <code>{source}</code>
      </pre>
    </div>
  );
}
