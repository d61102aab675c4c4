// Everything an MCP request needs from the MCP SDK and zod, in one module that mcp-http.ts loads at the first
// MCP request: a server whose users never use MCP does not keep the SDK (and its schemas) in memory.
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export { registerPrompts, registerResources } from './mcp-resources';
export { registerTools } from './mcp-tools';
