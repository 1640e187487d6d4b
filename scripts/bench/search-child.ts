/**
 * The typing and browsing scenarios in a process of their own (`scripts/bench/jobs.ts` runs it): the simulated
 * people must not share an event loop and a heap with the bench's own embedded index (1.5 GB at a million jobs,
 * whose garbage collections and follower showed up as the clients' latency). Arguments: a JSON object with
 * databaseUrl, jobs, and optionally label and env; each metric goes to stdout as one JSON line.
 */
import { benchSearchScenarios } from './typing';

const args = JSON.parse(process.argv[2] ?? '{}') as {
  databaseUrl: string;
  jobs: number;
  label?: string;
  env?: NodeJS.ProcessEnv;
};
const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString());
await benchSearchScenarios({
  root: process.cwd(),
  databaseUrl: args.databaseUrl,
  jobs: args.jobs,
  label: args.label,
  env: args.env,
  fmt,
  metric: (name, value) => process.stdout.write(`${JSON.stringify({ name, value })}\n`),
});
process.exit(0);
