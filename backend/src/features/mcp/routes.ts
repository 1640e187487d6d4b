/**
 * The MCP endpoint (issue 25): stateless Streamable HTTP at POST /mcp on the same Koa app. Every request gets
 * a new McpServer and transport (no session id), answered with JSON (no SSE); GET and DELETE answer 405 as the
 * transport's stateless mode has no stream to open or session to end. The transport writes the response itself
 * (`ctx.respond = false`). Origin is checked here (the SDK's own check is Express-only): a browser page of
 * another site gets 403 (DNS rebinding). MCP-Protocol-Version, when sent, must be one the SDK speaks.
 * The per-address budget of the public API counts each POST (open-data/public-api.ts), 429 past it.
 * Also /llms.txt: what the board is, for assistants.
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { AppDeps, Feature } from '../../http/app';
import { HttpError } from '../../http/errors';
import { readJsonBody } from '../../http/body';
import { NON_HTML_CSP } from '../../http/middleware';
import { buildMcpServer } from './server';
import { llmsTxt } from './llms-txt';

export const MCP_PATH = '/mcp';
/** A JSON-RPC request to this server is small: tool arguments only. */
const MCP_BODY_LIMIT = 64 * 1024;

function rpcError(
  ctx: Koa.Context,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
) {
  ctx.status = status;
  for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { jsonrpc: '2.0', error: { code, message }, id: null };
}

export interface McpOptions {
  now?: () => Date;
}

export function mcpFeature(options: McpOptions = {}): Feature {
  const now = options.now ?? (() => new Date());
  return {
    name: 'mcp',
    // Checked by the route itself, for every method, with a JSON-RPC error body.
    originExempt: (path) => path === MCP_PATH,
    routes(router: Router, deps: AppDeps) {
      const allowedOrigins = new Set([new URL(deps.config.publicUrl).origin, ...deps.config.allowedOrigins]);

      /** A foreign Origin (a web page of another site, or a rebound DNS name): 403. No Origin: not a browser, fine. */
      function originRefused(ctx: Koa.Context): boolean {
        const origin = ctx.get('origin');
        if (!origin || allowedOrigins.has(origin)) return false;
        rpcError(
          ctx,
          403,
          -32000,
          `Forbidden: requests from origin ${origin.slice(0, 200)} are not accepted`,
        );
        return true;
      }

      const notAllowed = (ctx: Koa.Context) => {
        if (originRefused(ctx)) return;
        rpcError(
          ctx,
          405,
          -32000,
          'Method not allowed: this server is stateless; send JSON-RPC requests with POST',
          {
            Allow: 'POST',
          },
        );
      };
      router.get(MCP_PATH, notAllowed);
      router.delete(MCP_PATH, notAllowed);

      router.post(MCP_PATH, async (ctx) => {
        if (originRefused(ctx)) return;
        const version = ctx.get('mcp-protocol-version');
        if (version && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
          rpcError(
            ctx,
            400,
            -32000,
            `Bad Request: unsupported MCP-Protocol-Version ${version.slice(0, 40)} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
          );
          return;
        }
        let body: unknown;
        try {
          body = await readJsonBody(ctx, MCP_BODY_LIMIT);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          if (err.code === 'VALIDATION')
            return rpcError(ctx, 400, -32700, 'Parse error: the body is not JSON');
          if (err.code === 'PAYLOAD_TOO_LARGE')
            return rpcError(
              ctx,
              413,
              -32600,
              `Invalid Request: the body is larger than ${MCP_BODY_LIMIT} bytes`,
              {
                Connection: 'close',
              },
            );
          if (err.code === 'UNSUPPORTED_MEDIA_TYPE')
            return rpcError(
              ctx,
              415,
              -32000,
              'Unsupported Media Type: Content-Type must be application/json',
            );
          throw err;
        }
        if (body === undefined) return rpcError(ctx, 400, -32600, 'Invalid Request: empty body');

        const server = buildMcpServer({ deps, ctx, now });
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await server.connect(transport);
        ctx.res.on('close', () => {
          void transport.close();
          void server.close();
        });
        // Set on the Node response now: the transport's answer goes out with them (securityHeaders runs too late).
        ctx.set('Cache-Control', 'no-store');
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.set('Content-Security-Policy', NON_HTML_CSP);
        ctx.respond = false;
        await transport.handleRequest(ctx.req, ctx.res, body);
      });

      let llms: string | null = null;
      router.get('/llms.txt', (ctx) => {
        llms ??= llmsTxt(deps.config.publicUrl.replace(/\/+$/, ''));
        ctx.type = 'text/markdown; charset=utf-8';
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.set('Access-Control-Allow-Origin', '*');
        ctx.body = llms;
      });
    },
  };
}
