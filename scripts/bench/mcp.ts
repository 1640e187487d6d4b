import http from 'node:http';
import { send } from '../load/client';
import { benchDataDir, startBenchServer, summarize } from './typing';

/**
 * Issue 25's scenario: 8 agents at once call the MCP search tool (POST /mcp, tools/call search_jobs) and, for the
 * same searches, GET /api/jobs; the two p95s side by side (the API's is the floor: the tool runs the same query
 * code, plus JSON-RPC and the compact rows). Each search is asked once of each; half ask the tool first and half
 * the API first, so both meet the search index's answer cache equally. Runs against a fresh server on the
 * database (the public limit lifted, as for every bench server).
 */
const AGENTS = 8;

const WORDS = [
  'engineer',
  'react',
  'python',
  'designer',
  'manager',
  'data',
  'sales',
  'support',
  'devops',
  'senior',
];
/** The tool's arguments and the same search as /api/jobs parameters. */
const FILTERS: { tool: Record<string, unknown>; api: Record<string, string> }[] = [
  { tool: {}, api: {} },
  { tool: { remoteOrHybrid: true }, api: { isRemote: 'true' } },
  { tool: { experienceLevel: 'Senior' }, api: { experienceLevel: 'Senior' } },
  { tool: { continent: 'Europe' }, api: { location: 'All Europe' } },
  {
    tool: { workFrom: 'DE', timeZone: 'UTC+1', timeZoneHours: 3 },
    api: { workFrom: 'DE', tz: 'UTC+1', tzHours: '3' },
  },
  { tool: { salary: '80k-120k', type: 'Contract' }, api: { salary: '80k-120k', type: 'Contract' } },
];
const SORTS: { tool: Record<string, unknown>; api: Record<string, string> }[] = [
  { tool: {}, api: {} },
  { tool: { sortBy: 'title', sortOrder: 'asc' }, api: { sortBy: 'title', sortOrder: 'asc' } },
];

function searches() {
  const out: { tool: Record<string, unknown>; api: string }[] = [];
  for (const word of WORDS)
    for (const f of FILTERS)
      for (const s of SORTS)
        out.push({
          tool: { query: word, ...f.tool, ...s.tool, limit: 20 },
          api: `/api/jobs?${new URLSearchParams({ title: word, ...f.api, ...s.api }).toString()}`,
        });
  return out;
}

export async function benchMcp(o: {
  root: string;
  databaseUrl: string;
  jobs: number;
  seconds: number;
  metric: (name: string, value: string) => void;
  fmt: (n: number) => string;
}): Promise<void> {
  const { server } = await startBenchServer(o.root, o.databaseUrl, benchDataDir());
  try {
    const base = new URL(server.baseUrl);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const all = searches();
    const tool: number[] = [];
    const api: number[] = [];
    const errors: string[] = [];
    let id = 0;
    const callTool = async (args: Record<string, unknown>) => {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method: 'tools/call',
        params: { name: 'search_jobs', arguments: args },
      });
      const res = await send(
        agent,
        base,
        'POST',
        '/mcp',
        {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
        },
        body,
      );
      const answer = JSON.parse(res.body.toString()) as { result?: { isError?: boolean } };
      if (res.status !== 200 || !answer.result || answer.result.isError)
        errors.push(`tool ${res.status} ${res.body.toString().slice(0, 200)}`);
      return res.ms;
    };
    const getApi = async (path: string) => {
      const res = await send(agent, base, 'GET', path);
      if (res.status !== 200) errors.push(`api ${res.status} ${path}`);
      return res.ms;
    };
    // Warm both paths (the first call of each builds what later ones reuse).
    await callTool({ limit: 1 });
    await getApi('/api/jobs');
    let next = 0;
    const end = performance.now() + o.seconds * 1000;
    await Promise.all(
      Array.from({ length: AGENTS }, async () => {
        while (performance.now() < end && next < all.length) {
          const i = next++;
          const s = all[i]!;
          if (i % 2) {
            tool.push(await callTool(s.tool));
            api.push(await getApi(s.api));
          } else {
            api.push(await getApi(s.api));
            tool.push(await callTool(s.tool));
          }
        }
      }),
    );
    agent.destroy();
    const t = summarize(tool);
    const a = summarize(api);
    o.metric(
      `MCP search_jobs, ${AGENTS} agents (${o.jobs.toLocaleString()} jobs) p50 / p95 / p99 ms (n)`,
      `${o.fmt(t.p50)} / ${o.fmt(t.p95)} / ${o.fmt(t.p99)} (${t.n})`,
    );
    o.metric(
      `  floor: GET /api/jobs, the same searches p50 / p95 / p99 ms (n); MCP/API p95`,
      `${o.fmt(a.p50)} / ${o.fmt(a.p95)} / ${o.fmt(a.p99)} (${a.n}); ${o.fmt(t.p95 / Math.max(a.p95, 0.01))}x` +
        (errors.length ? `; ${errors.length} errors, first: ${errors[0]}` : ''),
    );
  } finally {
    await server.stop();
  }
}
