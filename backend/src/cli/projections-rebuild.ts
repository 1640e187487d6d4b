import { runCli, withCliServices } from './run';

/**
 * `npm run projections:rebuild [name]`: drops and rebuilds read models from the events, with a progress line.
 * A stop signal ends it with the services closed under the batch in flight (rolled back): each read model
 * keeps the checkpoint of its last applied batch, a runner carries on from there, and running the rebuild
 * again starts it over.
 */
async function main(): Promise<number> {
  const name = process.argv.slice(2).find((a) => !a.startsWith('-'));
  return withCliServices(async (services, signal) => {
    const names = (await services.runner.status()).map((s) => s.name);
    if (name && !names.includes(name)) {
      console.error(`Unknown projection '${name}'. Known: ${names.join(', ')}`);
      return 2;
    }
    const started = Date.now();
    let last = 0;
    signal.addEventListener(
      'abort',
      () => process.stdout.write('\nRebuild interrupted: run it again to rebuild from scratch.\n'),
      { once: true },
    );
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
    return 0;
  });
}

runCli(main);
