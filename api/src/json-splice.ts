// Issue #14: a large JSON text (a 2,000-page menu) is written once per version and spliced as it is into the
// JSON text of every answer around it, by both doors: REST's `wireJson` (compat-rest/src/wire.ts) and
// GraphQL's `graphqlAnswerJson` (graphql/catalogs/menu-json.ts).
import { randomBytes } from 'node:crypto';

/** Unguessable (random per process) and never stored: no text in an answer can imitate a mark. */
const SPLICE_MARK = `quire-spliced-json-${randomBytes(12).toString('hex')}:`;
const SPLICE_END = ':end';
let splicing: SplicedJson[] | null = null;

/**
 * JSON text made earlier, put in its place by `stringifySpliced`; anywhere else (a plain JSON.stringify of a
 * value holding one) it reads as the value it stands for.
 */
export abstract class SplicedJson {
  private encoded: Buffer | undefined;

  constructor(readonly json: string) {}

  /** The text as UTF-8, encoded once. */
  get bytes(): Buffer {
    return (this.encoded ??= Buffer.from(this.json, 'utf8'));
  }

  /** What the text stands for, where no splicing runs. */
  protected abstract value(): unknown;

  toJSON(): unknown {
    if (!splicing) return this.value();
    splicing.push(this);
    return `${SPLICE_MARK}${splicing.length - 1}${SPLICE_END}`;
  }
}

/**
 * `JSON.stringify(value)` cut where each SplicedJson inside it goes: the answer is `pieces[0]`, `parts[0].json`,
 * `pieces[1]`, … (one more piece than parts). `text` is the whole text with the marks: the same text for
 * the same answer around the same parts, so it keys answers already made.
 */
export function stringifySpliced(value: unknown): {
  text: string;
  pieces: string[];
  parts: SplicedJson[];
} {
  const outer = splicing;
  const parts: SplicedJson[] = [];
  splicing = parts;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    splicing = outer;
  }
  if (!parts.length) return { text, pieces: [text], parts };
  const pieces: string[] = [];
  let from = 0;
  for (let index = 0; index < parts.length; index++) {
    const mark = `"${SPLICE_MARK}${index}${SPLICE_END}"`;
    const at = text.indexOf(mark, from);
    pieces.push(text.slice(from, at));
    from = at + mark.length;
  }
  pieces.push(text.slice(from));
  return { text, pieces, parts };
}
