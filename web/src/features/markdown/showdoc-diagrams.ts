/**
 * ShowDoc's (editor.md's) diagram blocks in mermaid syntax, so one maintained renderer draws them all:
 * ```` ```flow ```` holds flowchart.js syntax, ```` ```seq ```` js-sequence-diagrams syntax. Both old
 * libraries need Raphaël/Snap and are unmaintained; their languages are small enough to translate.
 * Links (`:>url`) and flowstates (`|past`) of flowchart.js are dropped: diagrams carry no links.
 * Invalid input throws a `DiagramSyntaxError` whose message names the line.
 */
export class DiagramSyntaxError extends Error {}

const ENTITIES: Record<string, string> = { '#': '#35;', '"': '#quot;', ';': '#59;' };

/** Text inside a quoted mermaid label: no quotes, no statement separators, no entity starts. */
function label(text: string): string {
  return text
    .replace(/[#";]/g, (char) => ENTITIES[char] ?? char)
    .replace(/\\n/g, '<br/>')
    .trim();
}

const FLOW_SHAPES: Record<string, [string, string]> = {
  start: ['(["', '"])'],
  end: ['(["', '"])'],
  operation: ['["', '"]'],
  subroutine: ['[["', '"]]'],
  condition: ['{"', '"}'],
  inputoutput: ['[/"', '"/]'],
  parallel: ['{{"', '"}}'],
};

const NODE_LINE = /^([^\s=>]+)=>(\w+)(?:\s*:\s*(.*))?$/;
const DIRECTIONS = new Set(['left', 'right', 'top', 'bottom']);

/** flowchart.js → mermaid `flowchart TD`. */
export function flowToMermaid(source: string): string {
  const nodes = new Map<string, { id: string; type: string; text: string }>();
  const edges: string[] = [];
  const lines = source.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('//')) return;
    const where = `line ${index + 1}`;
    const node = NODE_LINE.exec(line);
    if (node) {
      const [, name = '', type = '', rest = ''] = node;
      if (!FLOW_SHAPES[type]) throw new DiagramSyntaxError(`${where}: unknown node type "${type}"`);
      const text = rest.replace(/:>\S*(?:\[\w+\])?/g, '').replace(/\|\w+\s*$/, '');
      nodes.set(name, { id: `n${nodes.size}`, type, text: text || name });
      return;
    }
    if (!line.includes('->')) throw new DiagramSyntaxError(`${where}: expected "name=>type: text" or "a->b"`);
    const steps = line.split('->').map((step) => {
      const match = /^([^\s(]+)\s*(?:\(([^)]*)\))?$/.exec(step.trim());
      if (!match) throw new DiagramSyntaxError(`${where}: cannot read "${step.trim()}"`);
      const target = nodes.get(match[1] ?? '');
      if (!target) throw new DiagramSyntaxError(`${where}: "${match[1]}" is not defined`);
      const args = (match[2] ?? '')
        .split(',')
        .map((arg) => arg.trim())
        .filter((arg) => arg && !DIRECTIONS.has(arg));
      return { node: target, branch: args[0] };
    });
    for (let i = 0; i + 1 < steps.length; i += 1) {
      const from = steps[i]!;
      const to = steps[i + 1]!;
      const branch = from.node.type === 'condition' && from.branch ? `|"${label(from.branch)}"|` : '';
      edges.push(`  ${from.node.id} -->${branch} ${to.node.id}`);
    }
  });
  if (nodes.size === 0) throw new DiagramSyntaxError('the flow chart defines no node');
  const definitions = [...nodes.values()].map(({ id, type, text }) => {
    const [open, close] = FLOW_SHAPES[type]!;
    return `  ${id}${open}${label(text)}${close}`;
  });
  return ['flowchart TD', ...definitions, ...edges].join('\n');
}

const ACTOR = '[^\\->:,\\r\\n"]+?';
const SIGNAL = new RegExp(`^(${ACTOR})\\s*(--?)(>>?)\\s*(${ACTOR})\\s*:(.*)$`);
const NOTE = new RegExp(
  `^note\\s+(left of|right of|over)\\s+(${ACTOR})(?:\\s*,\\s*(${ACTOR}))?\\s*:(.*)$`,
  'i',
);
const ARROWS: Record<string, string> = { '->': '->>', '-->': '-->>', '->>': '-)', '-->>': '--)' };

/** js-sequence-diagrams → mermaid `sequenceDiagram`. */
export function seqToMermaid(source: string): string {
  const actors = new Map<string, string>(); // name or alias -> mermaid id
  const declarations: string[] = [];
  const body: string[] = [];
  let title: string | null = null;
  const actor = (name: string, display = name) => {
    const key = name.trim();
    let id = actors.get(key);
    if (!id) {
      id = `p${actors.size}`;
      actors.set(key, id);
      declarations.push(`  participant ${id} as ${label(display)}`);
    }
    return id;
  };
  source.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const where = `line ${index + 1}`;
    const titled = /^title\s*:(.*)$/i.exec(line);
    const participant = /^participant\s+(.+)$/i.exec(line);
    const note = NOTE.exec(line);
    const signal = SIGNAL.exec(line);
    if (titled) {
      title = label(titled[1] ?? '');
    } else if (participant) {
      const named = /^(.+?)\s+as\s+(\S+)$/.exec(participant[1]!.trim());
      if (named) actor(named[2]!, named[1]!);
      else actor(participant[1]!);
    } else if (note) {
      const [, position = '', first = '', second, text = ''] = note;
      const who = [actor(first), ...(second ? [actor(second)] : [])].join(',');
      body.push(`  Note ${position.toLowerCase()} ${who}: ${label(text)}`);
    } else if (signal) {
      const [, from = '', line1 = '', head = '', to = '', text = ''] = signal;
      body.push(`  ${actor(from)}${ARROWS[line1 + head]}${actor(to)}: ${label(text)}`);
    } else {
      throw new DiagramSyntaxError(
        `${where}: expected "A->B: message", "Note over A: text" or "Title: text"`,
      );
    }
  });
  if (body.length === 0 && declarations.length === 0)
    throw new DiagramSyntaxError('the sequence diagram has no participant');
  return ['sequenceDiagram', ...(title ? [`  title ${title}`] : []), ...declarations, ...body].join('\n');
}
