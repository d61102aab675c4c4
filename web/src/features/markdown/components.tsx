import { ActionIcon, CopyButton, Modal, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { defaultUrlTransform, type default as ReactMarkdown } from 'react-markdown';
import { useTranslation } from 'react-i18next';
import { Diagram } from './Diagram';
import type { DiagramKind } from './diagram-render';
import classes from './MarkdownView.module.css';

type Components = NonNullable<ComponentProps<typeof ReactMarkdown>['components']>;
type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

const textOf = (node: HastNode): string =>
  node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');

const DIAGRAM_KINDS: readonly DiagramKind[] = ['mermaid', 'flow', 'seq'];

/** The diagram kind of a `<pre><code class="language-…">` block, if it is one. */
function diagramOf(pre: HastNode | undefined): { kind: DiagramKind; source: string } | null {
  const code = pre?.children?.find((child) => child.type === 'element' && child.tagName === 'code');
  const names = code?.properties?.className;
  if (!code || !Array.isArray(names)) return null;
  const kind = DIAGRAM_KINDS.find((candidate) => names.includes(`language-${candidate}`));
  return kind ? { kind, source: textOf(code).replace(/\n$/, '') } : null;
}

/** The address of this screen with `#id`: what the heading's link icon copies. */
function permalink(id: string): string {
  const { origin, pathname, search } = window.location;
  return `${origin}${pathname}${search}#${encodeURIComponent(id)}`;
}

/** A heading with an id gets a link icon beside it (shown on hover and focus) that copies its permalink. */
function Heading({
  tag: Tag,
  id,
  title,
  className,
  children,
}: {
  tag: HeadingTag;
  id?: string;
  className?: string;
  title: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('markdown');
  const [copied, setCopied] = useState(false);
  if (!id || className) {
    // Headings the renderer made itself (the footnotes' visually hidden label) keep their id and class.
    return (
      <Tag id={id} className={className}>
        {children}
      </Tag>
    );
  }
  const copy = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const link = permalink(id);
    window.history.replaceState(window.history.state, '', `#${encodeURIComponent(id)}`);
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
    void navigator.clipboard
      ?.writeText(link)
      .then(() => {
        setCopied(true);
        window.setTimeout(() => setCopied(false), 1500);
      })
      .catch(() => undefined);
  };
  // The link sits beside the heading, not in it: inside, its label would become part of the heading's name.
  return (
    <div className={classes.heading}>
      <Tag id={id}>{children}</Tag>
      <Tooltip label={t('anchorCopied')} opened={copied} withinPortal={false}>
        <a
          href={`#${encodeURIComponent(id)}`}
          className={classes.anchor}
          aria-label={t('anchor', { title })}
          data-heading-anchor
          onClick={copy}
        >
          <IconLink size="0.8em" aria-hidden />
        </a>
      </Tooltip>
    </div>
  );
}

const heading =
  (tag: HeadingTag): Components[HeadingTag] =>
  ({ node, id, className, children }) => (
    <Heading tag={tag} id={id} className={className} title={node ? textOf(node as HastNode) : ''}>
      {children}
    </Heading>
  );

/** Pasted images (`data:image/png;base64,…`) are common in ShowDoc pages; images cannot run script. */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|bmp);base64,[a-z0-9+/=\s]+$/i;

/**
 * react-markdown's URL filter (http, https, mailto, irc, xmpp, relative), plus data: images in `img src`.
 * The sanitiser (sanitize-schema.ts) has already checked protocols; this is the renderer's own check.
 */
export function urlTransform(url: string, key: string, node: { tagName?: string }): string {
  if (key === 'src' && node.tagName === 'img' && DATA_IMAGE.test(url)) return url;
  return defaultUrlTransform(url);
}

/** Table attributes React does not know by their hast names (it would warn, then write them anyway). */
function legacyTableProps({ bgColor, vAlign, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return {
    ...rest,
    ...(bgColor === undefined ? {} : { bgcolor: bgColor }),
    ...(vAlign === undefined ? {} : { valign: vAlign }),
  };
}

/** A code block with a copy button in its corner (shown on hover and focus, always on touch screens). */
function CodeBlock({ text, children, ...rest }: ComponentProps<'pre'> & { text: string }) {
  const { t } = useTranslation('markdown');
  return (
    <div className={classes.codeBlock}>
      <pre {...rest}>{children}</pre>
      <CopyButton value={text} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('codeCopied') : t('copyCode')} withinPortal={false}>
            <ActionIcon
              className={classes.copyCode}
              variant="default"
              size="sm"
              aria-label={t('copyCode')}
              data-code-copy
              onClick={copy}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </div>
  );
}

/**
 * An image opens full size in a dialog on click, unless it is a link's content (the link wins). The dialog
 * shows it at its natural size, scrolling when it is larger than the screen.
 */
function ZoomableImage(props: ComponentProps<'img'>) {
  const { t } = useTranslation('markdown');
  const [open, setOpen] = useState(false);
  const { alt, ...rest } = props;
  return (
    <>
      <img
        alt={alt ?? ''}
        loading="lazy"
        {...rest}
        className={classes.zoomable}
        title={rest.title ?? t('viewImage')}
        onClick={(event) => {
          if ((event.currentTarget as HTMLElement).closest('a')) return;
          setOpen(true);
        }}
      />
      {open ? (
        <Modal
          opened
          onClose={() => setOpen(false)}
          size="auto"
          title={alt || t('viewImage')}
          closeButtonProps={{ 'aria-label': t('closeImage') }}
        >
          <img src={rest.src} alt={alt ?? ''} className={classes.fullImage} />
        </Modal>
      ) : null}
    </>
  );
}

export const markdownComponents: Components = {
  a({ node: _node, href, children, ...rest }) {
    const external = !!href && /^https?:\/\//i.test(href);
    return (
      <a href={href} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    );
  },
  img({ node: _node, ...rest }) {
    return <ZoomableImage {...rest} />;
  },
  table({ node: _node, children, ...rest }) {
    return (
      <div className={classes.tableWrap}>
        <table {...legacyTableProps(rest)}>{children}</table>
      </div>
    );
  },
  tr: ({ node: _node, children, ...rest }) => <tr {...legacyTableProps(rest)}>{children}</tr>,
  td: ({ node: _node, children, ...rest }) => <td {...legacyTableProps(rest)}>{children}</td>,
  th: ({ node: _node, children, ...rest }) => <th {...legacyTableProps(rest)}>{children}</th>,
  pre({ node, children, ...rest }) {
    const diagram = diagramOf(node as HastNode | undefined);
    if (diagram) return <Diagram kind={diagram.kind} source={diagram.source} />;
    const text = node ? textOf(node as HastNode).replace(/\n$/, '') : '';
    return (
      <CodeBlock text={text} {...rest}>
        {children}
      </CodeBlock>
    );
  },
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
};
