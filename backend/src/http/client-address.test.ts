import Koa from 'koa';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestHarness, type TestHarness } from '../testing/harness';
import { LIMITS } from '../features/auth/limits';
import { createApp } from './app';
import {
  clientAddress,
  forwardedHeaders,
  parseTrustProxy,
  proxyMatcher,
  trustProxyWarning,
  type TrustProxy,
} from './client-address';

function addressFor(trust: TrustProxy, peer: string, xff: string): string {
  return clientAddress(trust, proxyMatcher(trust), peer, xff);
}

describe('TRUST_PROXY', () => {
  it('defaults to trusting no proxy', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ kind: 'none' });
  });

  it('reads addresses, CIDR ranges, named ranges, a hop count, or true', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual({
      kind: 'addresses',
      ranges: ['127.0.0.1', '10.0.0.0/8'],
    });
    expect(parseTrustProxy('loopback')).toEqual({ kind: 'addresses', ranges: ['127.0.0.0/8', '::1/128'] });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('true')).toEqual({ kind: 'any' });
    expect(trustProxyWarning({ kind: 'any' })).toMatch(/TRUST_PROXY=true/);
    expect(trustProxyWarning({ kind: 'none' })).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
  });
});

describe('ALLOWED_ORIGINS', () => {
  it("adds origins to PUBLIC_URL's; without PUBLIC_URL the loopback names of the default one", () => {
    expect(
      loadConfig({ PUBLIC_URL: 'https://jobs.example', ALLOWED_ORIGINS: 'http://localhost:5173/' })
        .allowedOrigins,
    ).toEqual(['http://localhost:5173']);
    expect(loadConfig({ PORT: '4000' }).allowedOrigins).toEqual([
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
    ]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'evil' })).toThrow(ConfigError);
  });
});

describe('the client address', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(addressFor({ kind: 'none' }, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('walks X-Forwarded-For from the right past trusted proxies; the client cannot prepend its pick', () => {
    const trust = parseTrustProxy('127.0.0.1,10.0.0.0/8') as TrustProxy;
    expect(addressFor(trust, '::ffff:127.0.0.1', '198.51.100.1, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    // A peer that is not a proxy: its own address, its header ignored.
    expect(addressFor(trust, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    // Only proxies in the chain: the farthest is the best guess.
    expect(addressFor(trust, '127.0.0.1', '10.0.0.5')).toBe('10.0.0.5');
  });

  it('with a hop count, takes the entry that many hops away', () => {
    expect(addressFor({ kind: 'hops', hops: 1 }, '10.0.0.1', '198.51.100.1, 203.0.113.7')).toBe(
      '203.0.113.7',
    );
    expect(addressFor({ kind: 'hops', hops: 2 }, '10.0.0.1', '198.51.100.1, 203.0.113.7')).toBe(
      '198.51.100.1',
    );
  });
});

describe('forwardedHeaders', () => {
  it('reports once that a peer outside TRUST_PROXY sent X-Forwarded-For (a proxy left unconfigured)', async () => {
    const ignored: string[] = [];
    const app = new Koa();
    app.use(forwardedHeaders({ kind: 'none' }, { onIgnored: (peer) => ignored.push(peer) }));
    app.use((ctx) => {
      ctx.body = { ip: ctx.ip, protocol: ctx.protocol };
    });
    const http = supertest(app.callback());
    expect((await http.get('/')).body).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    expect(ignored).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const res = await http
        .get('/')
        .set('X-Forwarded-For', '198.51.100.1')
        .set('X-Forwarded-Proto', 'https');
      expect(res.body).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    }
    expect(ignored).toEqual(['127.0.0.1']);
  });
});

describe('rate limits reached directly', () => {
  let h: TestHarness;
  beforeAll(async () => {
    h = await createTestHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The app as `npm start` serves it, with the given TRUST_PROXY. */
  function appWith(trustProxy: string | undefined) {
    const config = { ...h.services.config, trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy };
    return supertest(createApp({ ...h.services.appDeps, config }).callback());
  }

  /** Sign-in tries, each with a made-up X-Forwarded-For and user name; the statuses in order. */
  async function loginsWithRotatingXff(http: ReturnType<typeof supertest>, tag: string, count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await http
        .post('/api/login')
        .set('X-Forwarded-For', `198.51.${tag}.${i}`)
        .send({ username: `nobody_${tag}_${i}`, password: 'some password' });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('by default, a rotating X-Forwarded-For does not escape the per-address login limit', async () => {
    const statuses = await loginsWithRotatingXff(appWith(undefined), '1', 60);
    expect(statuses.slice(0, LIMITS.loginPerIp.limit)).toEqual(Array(LIMITS.loginPerIp.limit).fill(401));
    expect(statuses.slice(LIMITS.loginPerIp.limit)).toEqual(Array(60 - LIMITS.loginPerIp.limit).fill(429));
  }, 120_000);

  /** The socket's own address (supertest's loopback) has used up its sign-in tries. */
  async function peerAtLimit() {
    await h.testDb.pool.query('delete from rate_limits');
    await h.services.rateLimiter.hit(LIMITS.loginPerIp, '127.0.0.1', LIMITS.loginPerIp.limit);
  }

  it('X-Forwarded-For from a peer outside TRUST_PROXY is ignored too', async () => {
    await peerAtLimit();
    expect(await loginsWithRotatingXff(appWith('10.0.0.0/8'), '2', 3)).toEqual([429, 429, 429]);
  });

  it('with TRUST_PROXY naming the peer, its X-Forwarded-For is the client address', async () => {
    await peerAtLimit();
    expect(await loginsWithRotatingXff(appWith('127.0.0.1,::1'), '3', 3)).toEqual([401, 401, 401]);
    const { rows } = await h.testDb.pool.query<{ key: string }>(
      `select key from rate_limits where key like 'login:ip:198.%' order by key`,
    );
    expect(rows.map((r) => r.key)).toEqual([
      'login:ip:198.51.3.0',
      'login:ip:198.51.3.1',
      'login:ip:198.51.3.2',
    ]);
  });

  it('X-Forwarded-Proto and X-Forwarded-Host count only from a trusted proxy', async () => {
    const direct = await appWith(undefined).get('/api/jobs').set('X-Forwarded-Proto', 'https');
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    const proxied = await appWith('loopback').get('/api/jobs').set('X-Forwarded-Proto', 'https');
    expect(proxied.headers['strict-transport-security']).toBeTruthy();
  });
});
