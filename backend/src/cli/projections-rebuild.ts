import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { buildServices } from '../compose';

/** `npm run projections:rebuild [name]`: drops and rebuilds read models from the events, with a progress line. */
async function main() {
  const name = process.argv.slice(2).find((a) => !a.startsWith('-'));
  const config = loadConfig();
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
  const services = await buildServices(config, logger, { role: 'cli' });
  const names = (await services.runner.status()).map((s) => s.name);
  if (name && !names.includes(name)) {
    console.error(`Unknown projection '${name}'. Known: ${names.join(', ')}`);
    await services.close();
    process.exit(2);
  }
  const started = Date.now();
  let last = 0;
  await services.runner.rebuild(name, (p) => {
    const now = Date.now();
    if (now - last < 200 && p.handled < p.total) return;
    last = now;
    const pct = p.total ? Math.floor((p.handled / p.total) * 100) : 100;
    process.stdout.write(
      `\r${p.name}: ${p.handled.toLocaleString()} / ${p.total.toLocaleString()} events (${pct}%)   `,
    );
  });
  process.stdout.write(
    `\nRebuilt ${name ?? names.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  await services.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
