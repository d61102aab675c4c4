import { DomainError } from '../domain';

/** ShowDoc's MCP error codes (compat-notes §9). */
export const McpCodes = {
  TokenInvalid: -32001,
  OutOfScope: -32002,
  NotMember: -32003,
  NoPermission: -32004,
  TokenRefused: -32005,
  NotFound: -32006,
  TooLarge: -32007,
  RateLimited: -32008,
  Conflict: -32009,
  Failed: -32010,
  Invalid: -32011,
  NotAvailable: -32601,
} as const;

/** A tool's refusal: its code, message and facts, sent back as the tool's error result. */
export class McpToolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'McpToolError';
  }
}

/** A domain refusal in MCP's words: the same rule as the other doors, only another code. */
export function toMcpError(err: unknown): McpToolError | null {
  if (err instanceof McpToolError) return err;
  if (!(err instanceof DomainError)) return null;
  const name = err.codeName;
  const code = err.info.code;
  const message = `${err.localized('en')} (${err.localized('zh')})`;
  if (name === 'VersionConflict') return new McpToolError(McpCodes.Conflict, message, { ...err.extensions });
  if (code.endsWith('NOT_FOUND')) return new McpToolError(McpCodes.NotFound, message);
  if (/VisitDenied|PasswordRequired|ForceLogin|PageDraft/.test(name))
    return new McpToolError(McpCodes.NotMember, message);
  if (code === 'FORBIDDEN' || name === 'ItemArchived')
    return new McpToolError(McpCodes.NoPermission, message);
  if (code === 'RATE_LIMITED') return new McpToolError(McpCodes.RateLimited, message);
  if (code === 'UNAUTHENTICATED') return new McpToolError(McpCodes.TokenInvalid, message);
  if (code === 'BAD_INPUT' || code === 'PAGE_LIMIT') return new McpToolError(McpCodes.Invalid, message);
  return new McpToolError(McpCodes.Failed, message);
}
