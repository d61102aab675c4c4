/**
 * The conversion half of the Word export (docx-writer.ts streams it): a page's markdown and image bytes in,
 * Word XML chunks out. It runs in the export's worker thread (docx.worker.ts), never on the server's event
 * loop: building `docx` objects and packing them is synchronous work of tens of milliseconds per chunk and
 * hundreds of MB of garbage over a big item.
 */
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
import { readZip } from '../import/zip-reader';
import { fileSignsIn } from './export-attachments';
import { fitWidth, imageInfo } from './image-size';
import { markdownTree } from './markdown-tree';

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
    private readonly imageOf: (url: string) => PageImage | null,
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

/** Ordered lists: one Word numbering, restarted per list through its instances. */
const NUMBERING = {
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
};

/** Where the pages go in the package's document: a paragraph of the shell replaced by the chunks. */
const BODY_MARKER = 'QUIRE-EXPORT-BODY-4f1c';
/**
 * A chunk of pages is packed by `docx` once its markdown passes this many characters (or pages): packing
 * has a fixed cost per package (~10 ms), then ~1 ms per kB of markdown.
 */
const CHUNK_CHARS = 16 * 1024;
const CHUNK_PAGES = 10;

/** An image a page embeds, fetched by the main thread (storage stays there). */
export interface PageImage {
  sign: string;
  name: string;
  bytes: Buffer;
}

export interface DocxPage {
  title: string;
  /** Heading level of the title (1 = top). */
  level: number;
  /** Its number, `1.2` as [1, 2]; none for a lone page. */
  numbers: number[];
  /** Readable markdown (readableMarkdown of export-tree.ts). */
  content: string;
  images: PageImage[];
}

/** Body XML to append to `word/document.xml`, and the media parts it refers to. */
export interface DocxChunk {
  xml: string;
  media: Array<[string, Buffer]>;
}

/** The package's shell: its content types, `word/document.xml` up to where the body goes. */
export interface DocxShellStart {
  contentTypes: Buffer;
  head: string;
}

/** The rest: the end of `word/document.xml`, and the other parts (numbering and relationships merged). */
export interface DocxShellEnd {
  tail: string;
  parts: Array<[string, Buffer]>;
}

/**
 * Builds a Word document a page at a time. `docx` builds a package whole, so a 2,000-page item held every
 * page's Word tree and the whole XML at once (2.5 GB). Here `docx` packs a shell (styles, numbering, TOC)
 * and then small chunks of pages; each chunk's body XML, its images, links and list numbers renamed into
 * the shell's (ChunkMerger), is handed out as it is made, and the parts that list what the chunks used
 * (numbering, relationships) come at the end. Memory holds one chunk.
 */
export class DocxAssembler {
  private pending: FileChild[] = [];
  private pendingChars = 0;
  private pendingPages = 0;
  private listInstance = 0;

  private constructor(
    private readonly shell: Map<string, Buffer>,
    private readonly merged: ChunkMerger,
    private readonly documentXml: string,
    private readonly at: number,
  ) {}

  static async start(title: string): Promise<{ assembler: DocxAssembler; start: DocxShellStart }> {
    const shell = await packParts(
      new Document({
        creator: 'Quire',
        title,
        features: { updateFields: true },
        numbering: NUMBERING,
        sections: [
          {
            children: [
              new TableOfContents('目录', { hyperlink: true, headingStyleRange: '1-6' }),
              new Paragraph({ text: BODY_MARKER }),
            ],
          },
        ],
      }),
    );
    const documentXml = partText(shell, 'word/document.xml');
    const at = documentXml.indexOf(BODY_MARKER);
    const assembler = new DocxAssembler(
      shell,
      new ChunkMerger(partText(shell, 'word/numbering.xml')),
      documentXml,
      at,
    );
    return {
      assembler,
      start: {
        contentTypes: shell.get('[Content_Types].xml')!,
        head: documentXml.slice(0, documentXml.lastIndexOf('<w:p>', at)),
      },
    };
  }

  catalog(level: number, numbers: number[], name: string): void {
    this.pending.push(new Paragraph({ heading: heading(level), text: numberedTitle(numbers, name) }));
  }

  /** Adds a page; answers a packed chunk when enough pages are pending. */
  async page(page: DocxPage): Promise<DocxChunk | null> {
    const images = new Map(page.images.map((image) => [image.sign, image]));
    const imageOf = (url: string) => {
      const sign = fileSignsIn(url)[0];
      return sign ? (images.get(sign) ?? null) : null;
    };
    const writer = new PageWriter(imageOf, page.level, () => ++this.listInstance);
    for (const node of (await markdownTree(page.content)).children) writer.block(node);
    this.pending.push(
      new Paragraph({ heading: heading(page.level), text: numberedTitle(page.numbers, page.title) }),
      ...writer.blocks,
    );
    this.pendingChars += page.content.length;
    if (++this.pendingPages >= CHUNK_PAGES || this.pendingChars >= CHUNK_CHARS) return this.flush();
    return null;
  }

  /** The pending pages packed, if any. */
  async flush(): Promise<DocxChunk | null> {
    if (!this.pending.length) return null;
    const parts = await packParts(
      new Document({ numbering: NUMBERING, sections: [{ children: this.pending }] }),
    );
    this.pending = [];
    this.pendingChars = 0;
    this.pendingPages = 0;
    return this.merged.add(parts);
  }

  /** The end of the package, once every chunk is out. */
  end(): DocxShellEnd {
    const { shell, documentXml, at } = this;
    const parts: Array<[string, Buffer]> = [];
    for (const name of shell.keys()) {
      if (name === 'word/document.xml' || name === '[Content_Types].xml') continue;
      if (name === 'word/numbering.xml') {
        parts.push([name, Buffer.from(this.merged.numbering(partText(shell, name)), 'utf8')]);
      } else if (name === 'word/_rels/document.xml.rels') {
        parts.push([name, Buffer.from(this.merged.relationships(partText(shell, name)), 'utf8')]);
      } else {
        parts.push([name, shell.get(name)!]);
      }
    }
    return { tail: documentXml.slice(documentXml.indexOf('</w:p>', at) + '</w:p>'.length), parts };
  }
}

/** `docx`'s compiler: the package's parts by path, before they are zipped. */
interface PartCompiler {
  compile(document: Document): Map<string, string | Uint8Array>;
}

/**
 * The parts of a package `docx` makes, by path. Its packer's compiler gives them before zipping (no
 * public API does; zipping each chunk only to unzip it again doubled the synchronous work per chunk): used
 * when present, else the package is zipped and read back.
 */
async function packParts(document: Document): Promise<Map<string, Buffer>> {
  const compiler = (Packer as unknown as { compiler?: Partial<PartCompiler> }).compiler;
  if (typeof compiler?.compile === 'function') {
    const parts = new Map<string, Buffer>();
    for (const [name, data] of compiler.compile(document)) {
      parts.set(name, typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data));
    }
    return parts;
  }
  const entries = await readZip(await Packer.toBuffer(document));
  return new Map(entries.map((e) => [e.name, e.data]));
}

function partText(parts: Map<string, Buffer>, name: string): string {
  const data = parts.get(name);
  if (!data) throw new Error(`docx package without ${name}`);
  return data.toString('utf8');
}

const attribute = (element: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(element)?.[1] ?? '';

/**
 * Carries the chunks' own references into the shell's package: a chunk's images and links are
 * relationships of its own package (renamed `<id>c<chunk>`, images moved to `media/c<chunk>_<name>`), its
 * ordered lists concrete numberings (given the shell's next free numIds). The abstract numberings and the
 * bullet list are the same in every package `docx` makes from the same numbering options.
 */
class ChunkMerger {
  private readonly extraRelationships: string[] = [];
  private readonly extraNums: string[] = [];
  private readonly shellNums: Set<string>;
  private nextNum: number;
  private chunk = 0;

  constructor(shellNumbering: string) {
    this.shellNums = new Set([...shellNumbering.matchAll(/<w:num w:numId="(\d+)"/g)].map((m) => m[1]!));
    this.nextNum = Math.max(0, ...[...this.shellNums].map(Number)) + 1;
  }

  /** The body XML of a packed chunk, its references renamed into the shell's, and the images it embeds. */
  add(parts: Map<string, Buffer>): DocxChunk {
    const n = ++this.chunk;
    const media: Array<[string, Buffer]> = [];
    const xml = partText(parts, 'word/document.xml');
    let inner = xml.slice(xml.indexOf('<w:body>') + '<w:body>'.length, xml.lastIndexOf('<w:sectPr'));
    const ids = new Map<string, string>();
    for (const [element] of partText(parts, 'word/_rels/document.xml.rels').matchAll(
      /<Relationship\b[^>]*\/>/g,
    )) {
      const id = attribute(element, 'Id');
      const type = attribute(element, 'Type');
      const renamed = `${id}c${n}`;
      if (type.endsWith('/hyperlink')) {
        this.extraRelationships.push(element.replace(`Id="${id}"`, `Id="${renamed}"`));
      } else if (type.endsWith('/image')) {
        const target = attribute(element, 'Target');
        const data = parts.get(`word/${target}`);
        if (!data) continue;
        const name = `media/c${n}_${target.slice(target.lastIndexOf('/') + 1)}`;
        media.push([`word/${name}`, data]);
        this.extraRelationships.push(`<Relationship Id="${renamed}" Type="${type}" Target="${name}"/>`);
      } else continue;
      ids.set(id, renamed);
    }
    if (ids.size) {
      inner = inner.replace(/\br:(embed|id|link)="([^"]+)"/g, (all, kind: string, id: string) =>
        ids.has(id) ? `r:${kind}="${ids.get(id)}"` : all,
      );
    }
    const nums = new Map<string, string>();
    for (const [element, id] of partText(parts, 'word/numbering.xml').matchAll(
      /<w:num w:numId="(\d+)"[^>]*>[\s\S]*?<\/w:num>/g,
    )) {
      if (this.shellNums.has(id!)) continue;
      const renamed = String(this.nextNum++);
      nums.set(id!, renamed);
      this.extraNums.push(element.replace(`w:numId="${id}"`, `w:numId="${renamed}"`));
    }
    if (nums.size) {
      inner = inner.replace(/<w:numId w:val="(\d+)"\/>/g, (all, id: string) =>
        nums.has(id) ? `<w:numId w:val="${nums.get(id)}"/>` : all,
      );
    }
    return { xml: inner, media };
  }

  numbering(shell: string): string {
    const end = shell.lastIndexOf('</w:numbering>');
    return shell.slice(0, end) + this.extraNums.join('') + shell.slice(end);
  }

  relationships(shell: string): string {
    const end = shell.lastIndexOf('</Relationships>');
    return shell.slice(0, end) + this.extraRelationships.join('') + shell.slice(end);
  }
}
