import { Typography } from '@mantine/core';
import { Component, useEffect, useState, type ReactNode } from 'react';
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { markdownComponents, urlTransform } from './components';
import { loadedExtras, loadExtras, needsFromKey, needsKey, needsOf, NO_EXTRAS, type Extras } from './extras';
import classes from './MarkdownView.module.css';
import { rehypeFootnoteIds, rehypeHeadingIds, rehypeStyleFilter } from './rehypePlugins';
import { markdownSanitizeSchema } from './sanitize-schema';
import './strings';

/**
 * The one markdown pipeline (issue #22): GitHub-flavoured markdown (tables, task lists, footnotes,
 * autolinks), the inline HTML ShowDoc pages use, reduced by the shared sanitiser configuration
 * (sanitize-schema.ts), then math, highlighting and heading ids on the sanitised tree; diagram blocks become
 * SVG (Diagram.tsx). Nothing a page contains can run script.
 */
function Rendered({ content, extras, ready }: { content: string; extras: Extras; ready: boolean }) {
  return (
    // `data-markdown-ready`: every part the page needs is loaded (tests wait for it; diagrams draw later).
    <div data-markdown-ready={ready}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, ...extras.remark]}
        rehypePlugins={[
          ...extras.beforeSanitize,
          rehypeStyleFilter,
          [rehypeSanitize, markdownSanitizeSchema],
          rehypeFootnoteIds,
          rehypeHeadingIds,
          ...extras.afterSanitize,
        ]}
        components={markdownComponents}
        urlTransform={urlTransform}
      >
        {content}
      </ReactMarkdown>
    </div>
  );
}

/**
 * If an optional part fails on some page (a plugin bug), the page shows without the optional parts instead
 * of taking the screen down with it.
 */
class WithoutExtrasOnError extends Component<{ content: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: { content: string }) {
    if (previous.content !== this.props.content && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? (
      <Rendered content={this.props.content} extras={NO_EXTRAS} ready />
    ) : (
      this.props.children
    );
  }
}

/**
 * A page's markdown as HTML. The parts a page needs beyond plain markdown (inline HTML, math, highlighting)
 * load on first use, once per session; until then the page shows without them.
 */
export function MarkdownView({ content }: { content: string }) {
  const needs = needsOf(content);
  const key = needsKey(needs);
  const [, setLoaded] = useState('');
  const extras = loadedExtras(needs);
  useEffect(() => {
    if (!key) return;
    let current = true;
    loadExtras(needsFromKey(key)).then(
      () => current && setLoaded(key),
      () => undefined, // the page stays readable without them
    );
    return () => {
      current = false;
    };
  }, [key]);
  return (
    <Typography className={classes.markdown} data-page-content>
      <WithoutExtrasOnError content={content}>
        <Rendered content={content} extras={extras ?? NO_EXTRAS} ready={extras !== null} />
      </WithoutExtrasOnError>
    </Typography>
  );
}

export default MarkdownView;
