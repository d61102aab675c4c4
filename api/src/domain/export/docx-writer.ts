import type { EntityManager } from '@mikro-orm/core';
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import type { BlockContent, DefinitionContent, PhrasingContent, RootContent, TableRow as MdRow } from 'mdast';
import { fileSignsIn, type BundledFile, type ExportFiles } from './export-attachments';
import {
  pageContents,
  readableMarkdown,
  type ExportCatalog,
  type ExportPage,
  type ExportTree,
} from './export-tree';
import { fitWidth, imageInfo } from './image-size';
import { markdownTree } from './markdown-tree';
import type { ExportProgress } from './markdown-zip';

const MONO = 'Consolas';
const CODE_FILL = 'F6F8FA';
const HEADER_FILL = 'D9E2F3';
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

const heading = (level: number) => HEADINGS[Math.min(Math.max(level, 1), 6) - 1]!;

/** Inline formatting carried down the phrasing tree. */
interface Marks {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  link?: boolean;
}

/** Turns one page's markdown tree into Word blocks; images come from the files fetched beforehand. */
class PageWriter {
  readonly blocks: FileChild[] = [];
  constructor(
    private readonly imageOf: (url: string) => BundledFile | null,
    /** The heading level of the page title: the page's own `#` headings go below it. */
    private readonly baseLevel: number,
    private readonly nextListInstance: () => number,
  ) {}

  block(node: RootContent, quoteDepth = 0): void {
    switch (node.type) {
      case 'heading':
        this.blocks.push(
          new Paragraph({
            heading: heading(this.baseLevel + node.depth),
            children: this.inline(node.children),
          }),
        );
        return;
      case 'paragraph':
        this.blocks.push(new Paragraph({ children: this.inline(node.children), ...quoted(quoteDepth) }));
        return;
      case 'code':
        this.blocks.push(codeBox(node.value));
        return;
      case 'blockquote':
        for (const child of node.children) this.block(child, quoteDepth + 1);
        return;
      case 'list':
        this.list(node.children, node.ordered ?? false, 0);
        return;
      case 'table':
        this.blocks.push(this.table(node.children));
        return;
      case 'thematicBreak':
        this.blocks.push(
          new Paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'CCCCCC', space: 1 } },
          }),
        );
        return;
      case 'html':
        if (node.value.trim())
          this.blocks.push(new Paragraph({ children: [new TextRun(stripTags(node.value))] }));
        return;
      default:
        return;
    }
  }

  private list(
    items: Array<{ children: Array<BlockContent | DefinitionContent>; checked?: boolean | null }>,
    ordered: boolean,
    level: number,
  ) {
    const instance = ordered ? this.nextListInstance() : 0;
    for (const item of items) {
      let first = true;
      for (const child of item.children) {
        if (child.type === 'list') {
          this.list(child.children, child.ordered ?? false, Math.min(level + 1, 8));
          continue;
        }
        if (child.type === 'paragraph' && first) {
          const box = item.checked === true ? '☑ ' : item.checked === false ? '☐ ' : '';
          const runs = [...(box ? [new TextRun(box)] : []), ...this.inline(child.children)];
          this.blocks.push(
            new Paragraph({
              children: runs,
              ...(ordered ? { numbering: { reference: 'ordered', level, instance } } : { bullet: { level } }),
            }),
          );
          first = false;
          continue;
        }
        this.block(child);
      }
    }
  }

  private table(rows: MdRow[]): Table {
    const columns = Math.max(1, ...rows.map((r) => r.children.length));
    return new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: rows.map(
        (row, index) =>
          new TableRow({
            tableHeader: index === 0,
            children: Array.from({ length: columns }, (_, c) => {
              const cell = row.children[c];
              return new TableCell({
                ...(index === 0 && {
                  shading: { type: ShadingType.CLEAR, color: 'auto', fill: HEADER_FILL },
                }),
                children: [
                  new Paragraph({ children: cell ? this.inline(cell.children, { bold: index === 0 }) : [] }),
                ],
              });
            }),
          }),
      ),
    });
  }

  inline(nodes: PhrasingContent[], marks: Marks = {}): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    for (const node of nodes) {
      switch (node.type) {
        case 'text':
          out.push(run(node.value, marks));
          break;
        case 'strong':
          out.push(...this.inline(node.children, { ...marks, bold: true }));
          break;
        case 'emphasis':
          out.push(...this.inline(node.children, { ...marks, italics: true }));
          break;
        case 'delete':
          out.push(...this.inline(node.children, { ...marks, strike: true }));
          break;
        case 'inlineCode':
          out.push(
            new TextRun({
              text: node.value,
              font: MONO,
              shading: { type: ShadingType.CLEAR, color: 'auto', fill: CODE_FILL },
            }),
          );
          break;
        case 'break':
          out.push(new TextRun({ text: '', break: 1 }));
          break;
        case 'link': {
          const children = this.inline(node.children, { ...marks, link: true }).filter(
            (c): c is TextRun | ImageRun => c instanceof TextRun || c instanceof ImageRun,
          );
          if (!safeUrl(node.url)) out.push(...children);
          else
            out.push(
              new ExternalHyperlink({
                link: node.url,
                children: children.length ? children : [run(node.url, marks)],
              }),
            );
          break;
        }
        case 'image': {
          const image = this.image(node.url, node.alt ?? '');
          out.push(image ?? run(node.alt ? `[${node.alt}]` : node.url, marks));
          break;
        }
        case 'html':
          if (!/^<\/?[a-z][^>]*>$/i.test(node.value.trim())) out.push(run(stripTags(node.value), marks));
          else if (/^<br\s*\/?>$/i.test(node.value.trim())) out.push(new TextRun({ text: '', break: 1 }));
          break;
        default:
          break;
      }
    }
    return out;
  }

  private image(url: string, alt: string): ImageRun | null {
    const file = this.imageOf(url);
    const info = file ? imageInfo(file.bytes) : null;
    if (!file || !info) return null;
    return new ImageRun({
      type: info.type,
      data: file.bytes,
      transformation: fitWidth(info),
      altText: { name: alt || file.name, description: alt, title: alt },
    });
  }
}

function run(text: string, marks: Marks): TextRun {
  const options: IRunOptions = {
    text,
    bold: marks.bold,
    italics: marks.italics,
    strike: marks.strike,
    ...(marks.link && { style: 'Hyperlink' }),
  };
  return new TextRun(options);
}

function quoted(depth: number) {
  if (!depth) return {};
  return {
    indent: { left: 360 * depth },
    border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'DFE2E5', space: 8 } },
  };
}

/** A code block: a one-cell shaded table of monospace lines, as ShowDoc's Word export boxes code. */
function codeBox(code: string): Table {
  const lines = code.split('\n');
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        children: [
          new TableCell({
            shading: { type: ShadingType.CLEAR, color: 'auto', fill: CODE_FILL },
            children: [
              new Paragraph({
                children: lines.map(
                  (line, i) => new TextRun({ text: line, font: MONO, size: 18, break: i ? 1 : 0 }),
                ),
              }),
            ],
          }),
        ],
      }),
    ],
  });
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ');
}

function safeUrl(url: string): boolean {
  return /^(https?:|mailto:)/i.test(url.trim());
}

/**
 * ShowDoc's numbering of a Word export (compat-api §16.2): root pages `N、` (no number when there is
 * exactly one root page and nothing else), top catalogs continuing `N、`, what is inside them `N.M、`.
 */
export function numberedTitle(numbers: number[], title: string): string {
  return numbers.length ? `${numbers.join('.')}、${title}` : title;
}

/**
 * A real Word document (Office Open XML) of an export tree: a table of contents field, numbered headings
 * per catalog and page, and each page's markdown as Word paragraphs, tables, shaded code, lists, links and
 * embedded images. Pages are read in batches, yielding between them; the package is zipped asynchronously.
 */
export async function writeDocx(
  em: EntityManager,
  tree: ExportTree,
  files: ExportFiles,
  onProgress: ExportProgress = () => undefined,
): Promise<Buffer> {
  const titles = new Map<number, { level: number; numbers: number[] }>();
  const catalogHeads = new Map<number, { level: number; numbers: number[] }>();
  const order: Array<{ kind: 'page'; page: ExportPage } | { kind: 'catalog'; catalog: ExportCatalog }> = [];
  const onlyPage = tree.pages.length === 1 && tree.catalogs.length === 0;
  let top = 0;
  for (const page of tree.pages) {
    titles.set(page.id, { level: 1, numbers: onlyPage ? [] : [++top] });
    order.push({ kind: 'page', page });
  }
  const place = (catalog: ExportCatalog, numbers: number[]) => {
    catalogHeads.set(catalog.id, { level: numbers.length, numbers });
    order.push({ kind: 'catalog', catalog });
    let n = 0;
    for (const page of catalog.pages) {
      titles.set(page.id, { level: numbers.length + 1, numbers: [...numbers, ++n] });
      order.push({ kind: 'page', page });
    }
    for (const child of catalog.catalogs) place(child, [...numbers, ++n]);
  };
  for (const catalog of tree.catalogs) place(catalog, [++top]);

  const pages = order.flatMap((o) => (o.kind === 'page' ? [o.page] : []));
  const bodies = new Map<number, FileChild[]>();
  let listInstance = 0;
  let done = 0;
  for await (const { page, content: stored } of pageContents(em, pages, 20)) {
    const content = readableMarkdown(stored, tree.item.type);
    for (const sign of fileSignsIn(content)) await files.get(sign);
    const imageOf = (url: string) => {
      const sign = fileSignsIn(url)[0];
      return sign ? files.peek(sign) : null;
    };
    const writer = new PageWriter(imageOf, titles.get(page.id)!.level, () => ++listInstance);
    for (const node of (await markdownTree(content)).children) writer.block(node);
    bodies.set(page.id, writer.blocks);
    onProgress(++done, pages.length, page.title);
  }

  const children: FileChild[] = [new TableOfContents('目录', { hyperlink: true, headingStyleRange: '1-6' })];
  for (const entry of order) {
    if (entry.kind === 'catalog') {
      const head = catalogHeads.get(entry.catalog.id)!;
      children.push(
        new Paragraph({
          heading: heading(head.level),
          text: numberedTitle(head.numbers, entry.catalog.name),
        }),
      );
    } else {
      const head = titles.get(entry.page.id)!;
      children.push(
        new Paragraph({ heading: heading(head.level), text: numberedTitle(head.numbers, entry.page.title) }),
      );
      children.push(...(bodies.get(entry.page.id) ?? []));
    }
  }
  const document = new Document({
    creator: 'Quire',
    title: tree.item.name,
    features: { updateFields: true },
    numbering: {
      config: [
        {
          reference: 'ordered',
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
