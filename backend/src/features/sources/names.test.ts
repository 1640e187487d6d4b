import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestionSourceStreamId } from '@jobs/contracts/sources';
import { INGESTION_SOURCES_PROJECTION } from '@jobs/projections/sources/ingestion-sources';
import { handleCommand } from '../../commands/handle';
import { createTestHarness, type TestHarness } from '../../testing/harness';
import { ingestionSourceDecider } from './decide';
import { SourceNameTakenError, sourceNameKey } from './names';
import { createIngestionSource } from './service';
import { hashSourceToken, generateSourceToken } from './token';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(async () => {
  await h?.close();
});

const unique = (prefix: string) => `${prefix} ${crypto.randomBytes(3).toString('hex')}`;

describe('ingestion source names', () => {
  it('compare without case and surrounding or repeated spaces', () => {
    expect(sourceNameKey('  Acme   Jobs ')).toBe('acme jobs');
    expect(sourceNameKey('ACME JOBS')).toBe(sourceNameKey('acme jobs'));
  });

  it('are unique: a second source with the same name is refused, naming the first', async () => {
    const name = unique('Acme');
    const first = await createIngestionSource(h.services.store, { name });
    for (const again of [name, name.toUpperCase(), `  ${name.replace(' ', '   ')} `]) {
      const err = await createIngestionSource(h.services.store, { name: again }).catch((e: unknown) => e);
      expect(err, again).toBeInstanceOf(SourceNameTakenError);
      expect((err as SourceNameTakenError).message).toContain(first.sourceId);
    }
    expect(await createIngestionSource(h.services.store, { name: `${name} 2` })).toMatchObject({
      sourceId: expect.any(String),
    });
  });

  it('two processes creating the same name at once: exactly one wins', async () => {
    const name = unique('Race');
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => createIngestionSource(h.services.store, { name })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(SourceNameTakenError);
  });

  it('a source made before names were claimed keeps its name (found in the read model)', async () => {
    const name = unique('Legacy');
    const sourceId = crypto.randomUUID();
    // As the old code did: the creation event alone, no name claim.
    const legacy = await handleCommand(
      h.services.store,
      ingestionSourceStreamId(sourceId),
      ingestionSourceDecider,
      {
        type: 'CreateIngestionSource',
        sourceId,
        name,
        kind: 'api',
        tokenHash: hashSourceToken(generateSourceToken()),
      },
      { metadata: { actor: 'system:test' } },
    );
    await h.services.runner.waitForPosition(legacy.position, 10_000, [INGESTION_SOURCES_PROJECTION]);
    const err = await createIngestionSource(
      h.services.store,
      { name: name.toLowerCase() },
      { actor: 'system:test' },
      { pool: h.services.db.pool },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceNameTakenError);
    expect((err as Error).message).toContain(sourceId);
  });
});
