import { describe, it } from 'vitest';
import { given } from '../../commands/testing';
import { ingestionSourceDecider, IngestionSourceExistsError, IngestionSourceNotFoundError } from './decide';
import type { IngestionSourceEvent } from '@jobs/contracts/sources';

const now = new Date('2025-03-01T10:00:00.000Z');
const hashA = 'a'.repeat(64);
const hashB = 'b'.repeat(64);
const created: IngestionSourceEvent = {
  type: 'IngestionSourceCreated',
  data: { sourceId: 's1', name: 'Acme', kind: 'api', tokenHash: hashA, createdAt: now.toISOString() },
};

describe('ingestion source decider', () => {
  it('creates a source holding only the token hash', () => {
    given(ingestionSourceDecider)
      .when(
        { type: 'CreateIngestionSource', sourceId: 's1', name: 'Acme', kind: 'api', tokenHash: hashA },
        { now },
      )
      .then([created]);
  });

  it('refuses to create a source twice', () => {
    given(ingestionSourceDecider, [created])
      .when(
        { type: 'CreateIngestionSource', sourceId: 's1', name: 'Acme', kind: 'api', tokenHash: hashB },
        { now },
      )
      .thenThrows(IngestionSourceExistsError);
  });

  it('rotates the token to a new hash', () => {
    given(ingestionSourceDecider, [created])
      .when({ type: 'RotateIngestionSourceToken', sourceId: 's1', tokenHash: hashB }, { now })
      .then([
        {
          type: 'IngestionSourceTokenRotated',
          data: { sourceId: 's1', tokenHash: hashB, rotatedAt: now.toISOString() },
        },
      ]);
  });

  it('cannot rotate the token of an unknown source', () => {
    given(ingestionSourceDecider)
      .when({ type: 'RotateIngestionSourceToken', sourceId: 's1', tokenHash: hashB }, { now })
      .thenThrows(IngestionSourceNotFoundError);
  });
});
