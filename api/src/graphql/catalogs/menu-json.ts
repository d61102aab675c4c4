// Issue #14: a 2,000-page menu cost most of `item { menu }` twice per request: the executor copied every
// page into a result object, then the answer's JSON.stringify wrote them all out again. Here a menu's JSON
// text is written once per menu object and selection (the menu's objects are the domain's cached ones,
// never changed, see catalog.types.ts) and spliced into the answer's text by `graphqlAnswerJson`.
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import { SplicedJson, stringifySpliced } from '../../json-splice';

/** Writes one value of a selected field as JSON text; throws where the executor would report an error. */
type Write = (value: unknown) => string;

/** An object type's selection: the answer's keys in the executor's order, each with its writer. */
interface Plan {
  fields: { key: string; write: Write }[];
}

/** A kept text spliced into the answer: read as its value anywhere else (tests, other transports). */
export class KeptJson extends SplicedJson {
  private parsedValue: Record<string, unknown> | undefined;

  constructor(json: string, keys: readonly string[]) {
    super(json);
    // The same keys as the executor's object, each read from the text when first asked for.
    for (const key of keys) {
      Object.defineProperty(this, key, { enumerable: true, get: () => this.value()[key] });
    }
  }

  protected value(): Record<string, unknown> {
    return (this.parsedValue ??= JSON.parse(this.json) as Record<string, unknown>);
  }
}

/**
 * Apollo's answer text (`JSON.stringify` and a line break, as its own `prettyJSONStringify`), with each
 * KeptJson's text in its place.
 */
export function graphqlAnswerJson(value: unknown): string {
  const { text, pieces, parts } = stringifySpliced(value);
  if (!parts.length) return `${text}\n`;
  const recent = answers.find((a) => a.text === text && a.parts.every((json, i) => json === parts[i]!.json));
  if (recent) return recent.answer;
  const chunks: string[] = [pieces[0]!];
  for (const [index, part] of parts.entries()) chunks.push(part.json, pieces[index + 1]!);
  chunks.push('\n');
  const answer = chunks.join('');
  answers.push({ text, parts: parts.map((p) => p.json), answer });
  if (answers.length > ANSWERS_KEPT) answers.shift();
  return answer;
}

/**
 * Recent answers with kept texts, by the answer's own text around them and their texts (the same strings
 * while the menus are unchanged): the same answer is the same string, not 300 kB joined again.
 */
const answers: { text: string; parts: string[]; answer: string; bytes?: Buffer }[] = [];
const ANSWERS_KEPT = 8;

/**
 * The UTF-8 bytes of a recent answer with kept texts (`graphqlAnswerJson`'s own string), the same Buffer
 * each time, so the answer is encoded (and compressed, server.ts) once; null for any other answer.
 */
export function keptAnswerBytes(payload: unknown): Buffer | null {
  if (typeof payload !== 'string') return null;
  const entry = answers.find((a) => a.answer === payload);
  return entry ? (entry.bytes ??= Buffer.from(entry.answer, 'utf8')) : null;
}

/** Menus of one request whose text is kept: where they go in the result, and their text. */
export interface KeptMenu {
  path: (string | number)[];
  json: KeptJson;
}

const requests = new WeakMap<object, KeptMenu[]>();

/**
 * Runs `execute` with the menu resolvers keeping their text for `context`'s request (the compiled executor,
 * whose result goes to `graphqlAnswerJson`), then puts each kept text in its place in the result.
 */
export async function withKeptMenus<R extends { data?: unknown }>(
  context: object,
  execute: () => Promise<R>,
): Promise<R> {
  const kept: KeptMenu[] = [];
  requests.set(context, kept);
  let result: R;
  try {
    result = await execute();
  } finally {
    requests.delete(context);
  }
  for (const { path, json } of kept) {
    let parent: unknown = result.data;
    for (const key of path.slice(0, -1)) {
      parent =
        parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>)[key] : null;
    }
    const last = path[path.length - 1]!;
    // An error elsewhere may have nulled a parent: the menu is then not in the answer at all.
    if (parent !== null && typeof parent === 'object' && (parent as Record<string, unknown>)[last] != null)
      (parent as Record<string, unknown>)[last] = json;
  }
  return result;
}

/**
 * The menu object for the executor: `tree` itself, or, when the request keeps menu texts and the selection
 * is one this module writes (fields and fragments of the menu's types, no directives or arguments
 * below the menu), a stand-in with empty lists whose place the kept text takes after execution.
 */
export function keptMenuTree<T extends { pages: unknown[]; catalogs: unknown[] }>(
  context: object,
  info: GraphQLResolveInfo,
  tree: T,
  emptyTree: () => T,
): T {
  const kept = requests.get(context);
  if (!kept) return tree;
  const plan = fieldPlan(info);
  if (!plan) return tree;
  let json: string;
  try {
    json = rootText(tree, plan);
  } catch {
    return tree;
  }
  kept.push({
    path: pathOf(info.path),
    json: new KeptJson(
      json,
      plan.fields.map((f) => f.key),
    ),
  });
  return emptyTree();
}

/** Texts of fields' values by selection plan and the value's key, least recently used going first. */
class KeyedTexts {
  readonly byKey = new Map<string, { json: string; keys: readonly string[] }>();
  chars = 0;
}
/** Per database (the `scope` object): keys name values of one database only. */
const keyedTexts = new WeakMap<object, KeyedTexts>();
const planIds = new WeakMap<Plan, number>();
let nextPlanId = 1;
/** Characters of the texts `keptFieldText` keeps for one database; past it the oldest go. */
export const KEYED_TEXT_CHARS = 1_000_000;
/** Answers `keptFieldText` gave from a kept text and texts it wrote, since the process started (tests). */
export const keyedTextCounts = { served: 0, written: 0 };

/**
 * The value of a field for the executor when its text can be kept under `key`: a key that names one value
 * of the database `scope` stands for (an object per database, such as the ORM's driver) for as long as
 * it is used (the search cache's key of a result and the fields read per request beside it). When the
 * request keeps texts and the selection is one this module writes, the text comes from the texts kept
 * under `key` and the selection (written from `build()` the first time) and `standIn()` goes to the
 * executor; otherwise `build()` does, as without this.
 */
export function keptFieldText<T extends object>(
  context: object,
  info: GraphQLResolveInfo,
  scope: object,
  key: string,
  build: () => T,
  standIn: () => T,
): T {
  if (servedKeptText(context, info, scope, key)) return standIn();
  const value = build();
  return keepFieldText(context, info, scope, key, value) ? standIn() : value;
}

/** The field's plan and the texts of `scope` when the request keeps texts and the selection is writable. */
function keyedPlan(
  context: object,
  info: GraphQLResolveInfo,
  scope: object,
  key: string,
): { kept: KeptMenu[]; plan: Plan; texts: KeyedTexts; textKey: string } | null {
  const kept = requests.get(context);
  if (!kept) return null;
  const plan = fieldPlan(info);
  if (!plan) return null;
  let planId = planIds.get(plan);
  if (planId === undefined) planIds.set(plan, (planId = nextPlanId++));
  let texts = keyedTexts.get(scope);
  if (!texts) keyedTexts.set(scope, (texts = new KeyedTexts()));
  return { kept, plan, texts, textKey: `${planId}\u0000${key}` };
}

/**
 * `keptFieldText` in two steps, for a resolver that can skip its work when a text is kept: true when the
 * text kept under `key` for this selection takes the field's place (the resolver returns a stand-in).
 */
export function servedKeptText(
  context: object,
  info: GraphQLResolveInfo,
  scope: object,
  key: string,
): boolean {
  const found = keyedPlan(context, info, scope, key);
  const text = found?.texts.byKey.get(found.textKey);
  if (!found || !text) return false;
  // Most recently used last.
  found.texts.byKey.delete(found.textKey);
  found.texts.byKey.set(found.textKey, text);
  keyedTextCounts.served++;
  found.kept.push({ path: pathOf(info.path), json: new KeptJson(text.json, text.keys) });
  return true;
}

/**
 * The second step: keeps `value`'s text under `key` and puts it in the field's place; true when it did
 * (the resolver returns a stand-in), false when the selection or the value is not written here.
 */
export function keepFieldText(
  context: object,
  info: GraphQLResolveInfo,
  scope: object,
  key: string,
  value: object,
): boolean {
  const found = keyedPlan(context, info, scope, key);
  if (!found) return false;
  const { kept, plan, texts, textKey } = found;
  let json: string;
  try {
    json = writeObject(value, plan);
  } catch {
    return false;
  }
  const text = { json, keys: plan.fields.map((f) => f.key) };
  const old = texts.byKey.get(textKey);
  if (old) texts.chars -= old.json.length;
  texts.byKey.delete(textKey);
  texts.byKey.set(textKey, text);
  keyedTextCounts.written++;
  texts.chars += json.length;
  for (const [oldKey, oldText] of texts.byKey) {
    if (texts.chars <= KEYED_TEXT_CHARS || oldKey === textKey) break;
    texts.byKey.delete(oldKey);
    texts.chars -= oldText.json.length;
  }
  kept.push({ path: pathOf(info.path), json: new KeptJson(text.json, text.keys) });
  return true;
}

/**
 * A field resolver's value as the kept texts read it, given in the field's extensions (`@Extensions`):
 * for a resolver whose answer is a function of its root object alone (undefined: not known, the text is
 * not written).
 */
export const KEPT_VALUE = 'keptValue';

function pathOf(path: GraphQLResolveInfo['path'] | undefined): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at = path; at; at = at.prev) keys.unshift(at.key);
  return keys;
}

/** The plan of the field `info` resolves, when its type is an object type and its selection is written here. */
function fieldPlan(info: GraphQLResolveInfo): Plan | null {
  const type = getNullableType(info.returnType);
  return isObjectType(type) ? planFor(type, info.fieldNodes, info.fragments) : null;
}

/** Plans by the selection's first field node (a document's nodes live as long as the document). */
const plans = new WeakMap<FieldNode, { nodes: readonly FieldNode[]; plan: Plan | null }[]>();

function planFor(
  type: GraphQLObjectType,
  nodes: readonly FieldNode[],
  fragments: Record<string, FragmentDefinitionNode>,
): Plan | null {
  const first = nodes[0];
  if (!first) return null;
  let known = plans.get(first);
  if (!known) plans.set(first, (known = []));
  const hit = known.find((k) => k.nodes.length === nodes.length && k.nodes.every((n, i) => n === nodes[i]));
  if (hit) return hit.plan;
  const sets = nodes.map((n) => n.selectionSet).filter((s): s is SelectionSetNode => !!s);
  const plan = objectPlan(type, sets, fragments);
  known.push({ nodes, plan });
  return plan;
}

/** The fields `sets` select on `type`, merged by answer key in the executor's order; null: not written here. */
function objectPlan(
  type: GraphQLObjectType,
  sets: readonly SelectionSetNode[],
  fragments: Record<string, FragmentDefinitionNode>,
): Plan | null {
  const byKey = new Map<string, FieldNode[]>();
  const collect = (set: SelectionSetNode, depth: number): boolean => {
    if (depth > 20) return false;
    for (const selection of set.selections) {
      if (selection.directives?.length) return false;
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        byKey.set(key, [...(byKey.get(key) ?? []), selection]);
        continue;
      }
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      if (!fragment || fragment.directives?.length) return false;
      if (fragment.typeCondition && fragment.typeCondition.name.value !== type.name) return false;
      if (!collect(fragment.selectionSet, depth + 1)) return false;
    }
    return true;
  };
  for (const set of sets) if (!collect(set, 0)) return null;
  const fields: Plan['fields'] = [];
  const typeName = JSON.stringify(type.name);
  for (const [key, fieldNodes] of byKey) {
    const name = fieldNodes[0]!.name.value;
    if (fieldNodes.some((n) => n.name.value !== name || n.arguments?.length)) return null;
    if (name === '__typename') {
      fields.push({ key, write: () => typeName });
      continue;
    }
    const field = type.getFields()[name];
    if (!field) return null;
    // A field with a resolver (a field resolver, a middleware) is work per request: not written here,
    // unless the resolver says how its value follows from the root object alone.
    const keptValue = field.extensions?.[KEPT_VALUE] as ((root: unknown) => unknown) | undefined;
    if (field.resolve && typeof keptValue !== 'function') return null;
    const subSets = fieldNodes.map((n) => n.selectionSet).filter((s): s is SelectionSetNode => !!s);
    const write = writerFor(field.type, subSets, fragments);
    if (!write) return null;
    fields.push({
      key,
      write: field.resolve
        ? (parent) => write(keptValue!(parent))
        : (parent) => write((parent as Record<string, unknown>)[name]),
    });
  }
  return { fields };
}

function writerFor(
  type: GraphQLOutputType,
  sets: readonly SelectionSetNode[],
  fragments: Record<string, FragmentDefinitionNode>,
): Write | null {
  if (isNonNullType(type)) {
    const inner = writerFor(type.ofType, sets, fragments);
    return (
      inner &&
      ((value) => {
        if (value === null || value === undefined) throw new Error('null in a non-null menu field');
        return inner(value);
      })
    );
  }
  const nullable =
    (write: Write): Write =>
    (value) =>
      value === null || value === undefined ? 'null' : write(value);
  if (isListType(type)) {
    const item = writerFor(type.ofType, sets, fragments);
    if (!item) return null;
    const list: Write = (value) => `[${(value as unknown[]).map(item).join(',')}]`;
    // Lists of menu objects are kept ones; a list of scalars (`defaultCatalogPath`) is made per request.
    return isObjectType(getNamedType(type)) ? nullable((value) => keptText(value, list)) : nullable(list);
  }
  if (isScalarType(type) || isEnumType(type)) {
    return nullable((value) => {
      const serialised: unknown = type.serialize(value);
      if (serialised === undefined) throw new Error('a menu value the scalar does not serialise');
      return JSON.stringify(serialised);
    });
  }
  if (isObjectType(type)) {
    const plan = objectPlan(type, sets, fragments);
    return plan && nullable((value) => keptText(value, (v) => writeObject(v, plan), plan));
  }
  return null;
}

/** Texts of recent menus by selection and their fields' texts (lists are kept ones: compared by identity). */
const rootTexts = new WeakMap<Plan, { parts: string[]; json: string }[]>();
const ROOTS_KEPT = 8;

/**
 * A menu's text, the same string while its fields' texts are: the menu object is new per request, but
 * its lists' texts are kept, and joining 300 kB of them again per request was a tenth of its cost.
 */
function rootText(tree: unknown, plan: Plan): string {
  const parts = plan.fields.map((f) => f.write(tree));
  let recent = rootTexts.get(plan);
  if (!recent) rootTexts.set(plan, (recent = []));
  const hit = recent.find((r) => r.parts.every((part, i) => part === parts[i]));
  if (hit) return hit.json;
  const json = `{${plan.fields.map((f, i) => `${JSON.stringify(f.key)}:${parts[i]}`).join(',')}}`;
  recent.push({ parts, json });
  if (recent.length > ROOTS_KEPT) recent.shift();
  return json;
}

function writeObject(value: unknown, plan: Plan): string {
  return `{${plan.fields.map((f) => `${JSON.stringify(f.key)}:${f.write(value)}`).join(',')}}`;
}

/**
 * Texts of the menu's objects and lists by selection, kept as long as they are: the domain's cached menu
 * objects and the GraphQL objects and lists made of them once (catalog.types.ts) are never changed.
 */
const texts = new WeakMap<object, Map<unknown, string>>();

function keptText(value: unknown, write: Write, by: unknown = write): string {
  if (value === null || typeof value !== 'object') return write(value);
  let byWriter = texts.get(value);
  if (!byWriter) texts.set(value, (byWriter = new Map()));
  let text = byWriter.get(by);
  if (text === undefined) {
    text = write(value);
    byWriter.set(by, text);
  }
  return text;
}
