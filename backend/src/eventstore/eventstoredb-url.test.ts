import { EventStoreDBClient } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { toEsdbConnectionString } from './eventstoredb';

describe('EventStoreDB / KurrentDB connection strings', () => {
  it('turns the kurrentdb:// and kdb:// schemes KurrentDB documents into the esdb:// the client parses', () => {
    expect(toEsdbConnectionString('kurrentdb://es:2113?tls=false')).toBe('esdb://es:2113?tls=false');
    expect(toEsdbConnectionString('kdb://es:2113')).toBe('esdb://es:2113');
    expect(toEsdbConnectionString('kurrentdb+discover://a:2113,b:2113')).toBe(
      'esdb+discover://a:2113,b:2113',
    );
    expect(toEsdbConnectionString('esdb://es:2113?tls=false')).toBe('esdb://es:2113?tls=false');
    // The client itself refuses the KurrentDB scheme, and accepts the translation (it connects lazily).
    expect(() => EventStoreDBClient.connectionString('kurrentdb://127.0.0.1:1?tls=false')).toThrow();
    expect(() =>
      EventStoreDBClient.connectionString(toEsdbConnectionString('kurrentdb://127.0.0.1:1?tls=false')),
    ).not.toThrow();
  });

  it('accepts every scheme in EVENTSTORE_URL and names the variable for any other', () => {
    for (const url of [
      'esdb://a:2113',
      'esdb+discover://a:2113',
      'kurrentdb://a:2113',
      'kdb+discover://a:2113',
    ])
      expect(loadConfig({ EVENTSTORE_URL: url, SESSION_SECRET: 'x'.repeat(40) }).eventStoreUrl).toBe(url);
    expect(() => loadConfig({ EVENTSTORE_URL: 'http://a:2113', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      /EVENTSTORE_URL/,
    );
  });
});
