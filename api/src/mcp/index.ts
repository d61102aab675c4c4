// The MCP door (issue #21): AI editors reach Quire's domain through the tools of compat-notes §9.
export { mcpHttpPlugin, MCP_BODY_LIMIT, MCP_MAX_BATCH, type McpHttpOptions } from './mcp-http';
export { McpCodes } from './mcp-errors';
