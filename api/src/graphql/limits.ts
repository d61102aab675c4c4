import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * How much work one GraphQL document may ask for (issue #15: 1,000 `createCaptcha` aliases wrote 1,000
 * rows; 300,000 `__typename` aliases stalled the server). The largest documents of the web app and the
 * tests, measured when these were chosen (the .graphql files under web/src, the query strings of the tests): 7 levels
 * deep, no aliases, 49 fields (itemView.graphql), 721 tokens (all of items.graphql at once). The limits
 * leave several times that as headroom.
 */
export interface GraphQLLimits {
  /** Lexical tokens of the query text; graphql-js stops parsing beyond it. */
  maxTokens: number;
  /** Nesting of selection sets, fragments followed. */
  maxDepth: number;
  /** Aliased fields in one operation, fragments followed. */
  maxAliases: number;
  /** Field selections of one operation once fragments are expanded (each spread counts again). */
  maxFields: number;
}

export const DEFAULT_GRAPHQL_LIMITS: GraphQLLimits = {
  maxTokens: 2_000,
  maxDepth: 12,
  maxAliases: 30,
  maxFields: 500,
};

/** The code of every refusal by these limits, for clients to tell them from a schema mistake. */
export const LIMIT_CODE = 'QUERY_TOO_COMPLEX';

interface Measure {
  depth: number;
  aliases: number;
  fields: number;
}

/**
 * Depth, alias and field limits as one validation rule. Fragments are measured once and reused, so a
 * document of fragments spreading each other many times ("fragment bomb") costs linear time to refuse.
 */
export function limitsRule(limits: GraphQLLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const measured = new Map<string, Measure>();
    const measuring = new Set<string>();

    const measureSet = (set: SelectionSetNode): Measure => {
      const total: Measure = { depth: 0, aliases: 0, fields: 0 };
      const add = (inner: Measure, extraDepth: number) => {
        total.depth = Math.max(total.depth, inner.depth + extraDepth);
        total.aliases += inner.aliases;
        total.fields += inner.fields;
      };
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          total.fields += 1;
          if (selection.alias) total.aliases += 1;
          total.depth = Math.max(total.depth, 1);
          if (selection.selectionSet) add(measureSet(selection.selectionSet), 1);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          add(measureSet(selection.selectionSet), 0);
        } else {
          add(measureFragment(selection.name.value), 0);
        }
      }
      return total;
    };

    const measureFragment = (name: string): Measure => {
      const known = measured.get(name);
      if (known) return known;
      const fragment = fragments.get(name);
      // Unknown or cyclic fragments are reported by graphql-js' own rules.
      if (!fragment || measuring.has(name)) return { depth: 0, aliases: 0, fields: 0 };
      measuring.add(name);
      const measure = measureSet(fragment.selectionSet);
      measuring.delete(name);
      measured.set(name, measure);
      return measure;
    };

    return {
      OperationDefinition(operation) {
        const { depth, aliases, fields } = measureSet(operation.selectionSet);
        const over = (what: string, value: number, limit: number) =>
          context.reportError(
            new GraphQLError(`The operation has ${value} ${what}; at most ${limit} are allowed`, {
              nodes: operation,
              extensions: { code: LIMIT_CODE },
            }),
          );
        if (depth > limits.maxDepth) over('levels of nesting', depth, limits.maxDepth);
        if (aliases > limits.maxAliases) over('aliases', aliases, limits.maxAliases);
        if (fields > limits.maxFields) over('fields', fields, limits.maxFields);
        return false;
      },
    };
  };
}

/** graphql-js' message (sic) when a document has more than `maxTokens` tokens. */
export function isTokenLimitError(message: string): boolean {
  return /^Syntax Error: Document contains more th[ae]t? \d+ tokens/.test(message);
}

/** Whether the operations of a document ask for the schema (`__schema`, `__type`; `__typename` is fine). */
export function asksForIntrospection(document: DocumentNode): boolean {
  let found = false;
  const visit = (set: SelectionSetNode | undefined, seen: Set<string>): void => {
    for (const selection of set?.selections ?? []) {
      if (found) return;
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === '__schema' || selection.name.value === '__type') found = true;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, seen);
      } else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = document.definitions.find(
          (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value,
        );
        if (fragment?.kind === Kind.FRAGMENT_DEFINITION) visit(fragment.selectionSet, seen);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) visit(definition.selectionSet, new Set());
  }
  return found;
}

/**
 * graphql-js suggests field, type and argument names in its validation messages ("Did you mean …?"),
 * which spells the schema out to callers who may not introspect it.
 */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean .+\?$/s, '');
}
