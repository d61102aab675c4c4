import {
  GraphQLError,
  type ASTNode,
  type ASTVisitor,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { Codes, findForbiddenText, hasForbiddenControlCharacter } from '../domain';

/** NUL and other control characters in inline string literals (variables: `controlCharacterError`). */
export const noControlCharactersRule: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  StringValue(node) {
    if (hasForbiddenControlCharacter(node.value)) context.reportError(controlCharacterError(node));
  },
});

/** The refusal of a request whose variables hold a forbidden control character, or null. */
export function variablesError(variables: unknown): GraphQLError | null {
  const path = findForbiddenText(variables);
  return path === null ? null : controlCharacterError(undefined, `$${path}`);
}

function controlCharacterError(node?: ASTNode, where?: string): GraphQLError {
  const info = Codes.ControlCharacter;
  return new GraphQLError(where ? `${info.en} (${where})` : info.en, {
    nodes: node,
    extensions: { code: info.code, showdocCode: info.showdoc, http: { status: 400 } },
  });
}
