import { Typography } from '@mantine/core';
import type { ComponentProps } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import classes from './MarkdownView.module.css';
import { rehypeHeadingIds, rehypeInlineHtml } from './rehypePlugins';

/**
 * GitHub's sanitizing schema (no scripts, no event handlers, no javascript: URLs), plus what ShowDoc
 * pages commonly use and is harmless: colour and alignment on cells, and `<details>`/`<summary>`.
 */
const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-[\w+#-]+$/]],
    font: ['color'],
    td: [...(defaultSchema.attributes?.td ?? []), 'colSpan', 'rowSpan'],
    th: [...(defaultSchema.attributes?.th ?? []), 'colSpan', 'rowSpan'],
  },
  tagNames: [...(defaultSchema.tagNames ?? []), 'font', 'u', 'center'],
};

const components: ComponentProps<typeof ReactMarkdown>['components'] = {
  a({ node: _node, href, children, ...rest }) {
    const external = !!href && /^https?:\/\//i.test(href);
    return (
      <a href={href} {...rest} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    );
  },
  img({ node: _node, alt, ...rest }) {
    return <img alt={alt ?? ''} loading="lazy" {...rest} />;
  },
  table({ node: _node, children, ...rest }) {
    return (
      <div className={classes.tableWrap}>
        <table {...rest}>{children}</table>
      </div>
    );
  },
};

/**
 * A page's markdown as HTML: GitHub-flavoured (tables, task lists, strikethrough, autolinks), code
 * highlighted, and sanitized so nothing a page contains can run script.
 */
export function MarkdownView({ content }: { content: string }) {
  return (
    <Typography className={classes.markdown} data-page-content>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[
          rehypeInlineHtml,
          [rehypeSanitize, schema],
          [rehypeHighlight, { detect: false }],
          rehypeHeadingIds,
        ]}
        components={components}
      >
        {content}
      </ReactMarkdown>
    </Typography>
  );
}

export default MarkdownView;
