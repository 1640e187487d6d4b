import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for a laptop', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.env).toBe('development');
  });

  it('names every bad variable', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        MEILI_URL: 'not a url',
        SESSION_SECRET: 'short',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'MEILI_URL', 'SESSION_SECRET'])
        expect(msg).toContain(`${name}:`);
    }
  });

  it('sizes the database pool from DATABASE_POOL_SIZE (default 20) and names a bad value', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '50' }).databasePoolSize).toBe(50);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE:/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE:/);
  });

  it('requires a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required in production/);
  });

  it('reads URLs, lists and booleans', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h:5432/db',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      ADMIN_EMAILS: ' A@x.com, b@y.org ,',
      RUN_BOT: 'true',
      PUBLIC_URL: 'https://jobs.example.com/',
    });
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(c.eventStoreUrl).toBe('esdb://localhost:2113?tls=false');
    expect(c.adminEmails).toEqual(['a@x.com', 'b@y.org']);
    expect(c.runBot).toBe(true);
    expect(c.publicUrl).toBe('https://jobs.example.com');
  });
});
