import net from 'node:net';
import type Koa from 'koa';

/**
 * Which peers may speak for the client through X-Forwarded-For / -Proto / -Host (TRUST_PROXY).
 * - none: nobody (the default): the socket's address is the client, forwarded headers are ignored;
 * - addresses: only a peer inside one of these addresses or CIDR ranges, and the same ranges are skipped
 *   while walking X-Forwarded-For from the right (proxy-addr's, so Express's, rule);
 * - hops: the nearest `hops` entries (the socket and the entries proxies appended) are proxies;
 * - any: whatever the peer is, it is one proxy (TRUST_PROXY=true, the old default; start-up warns).
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'addresses'; ranges: string[] }
  | { kind: 'hops'; hops: number }
  | { kind: 'any' };

/** Express's names for common ranges, so `TRUST_PROXY=loopback` reads as it does there. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Parses TRUST_PROXY. Returns an error message for a value it cannot read. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', 'false', 'no', '0'].includes(value)) return { kind: 'none' };
  if (['true', 'yes'].includes(value)) return { kind: 'any' };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? { kind: 'hops', hops } : 'a hop count must be 1 to 10';
  }
  const ranges: string[] = [];
  for (const item of value.split(',').map((s) => s.trim())) {
    if (!item) continue;
    const named = NAMED_RANGES[item];
    if (named) {
      ranges.push(...named);
      continue;
    }
    if (!toSubnet(item))
      return `"${item}" is not an IP address, a CIDR range or loopback/linklocal/uniquelocal`;
    ranges.push(item);
  }
  return ranges.length > 0 ? { kind: 'addresses', ranges } : { kind: 'none' };
}

/** The start-up warning a setting deserves, or null. */
export function trustProxyWarning(trust: TrustProxy): string | null {
  return trust.kind === 'any'
    ? 'TRUST_PROXY=true: any peer may set X-Forwarded-For, so a client reaching the server directly picks ' +
        'its own rate-limit address. Set TRUST_PROXY to the proxy addresses (docs/operations.md).'
    : null;
}

/** What TRUST_PROXY says, for logs and docs. */
export function describeTrustProxy(trust: TrustProxy): string {
  switch (trust.kind) {
    case 'none':
      return 'no proxy: the socket address is the client';
    case 'addresses':
      return `proxies at ${trust.ranges.join(', ')}`;
    case 'hops':
      return `${trust.hops} proxy hop(s)`;
    case 'any':
      return 'any peer is a proxy';
    default: {
      const never: never = trust;
      return never;
    }
  }
}

function toSubnet(item: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText] = item.split('/');
  const version = net.isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (
    !Number.isInteger(prefix) ||
    prefix < 0 ||
    prefix > max ||
    (prefixText !== undefined && !/^\d+$/.test(prefixText))
  )
    return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/** Decides, for one address, whether it is a trusted proxy (only meaningful for 'addresses'). */
export function proxyMatcher(trust: TrustProxy): (address: string) => boolean {
  if (trust.kind !== 'addresses') return () => false;
  const list = new net.BlockList();
  for (const range of trust.ranges) {
    const subnet = toSubnet(range)!;
    list.addSubnet(subnet.address, subnet.prefix, subnet.family);
  }
  return (address) => {
    const a = normaliseAddress(address);
    const version = net.isIP(a);
    return version !== 0 && list.check(a, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * Whether a socket's peer is a trusted proxy, for caps that must not count a proxy's many connections
 * as one client's. With a hop count or `true`, every peer is taken for a proxy.
 */
export function trustedProxyAddress(trust: TrustProxy): (address: string) => boolean {
  const isProxy = proxyMatcher(trust);
  return (address) => peerIsTrusted(trust, isProxy, address);
}

/** Whether the immediate peer may set forwarded headers. */
export function peerIsTrusted(
  trust: TrustProxy,
  isProxy: (address: string) => boolean,
  peer: string,
): boolean {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'addresses':
      return isProxy(peer);
    case 'hops':
    case 'any':
      return true;
    default: {
      const never: never = trust;
      return never;
    }
  }
}

/**
 * The client's address: the socket's, or, from a trusted peer, X-Forwarded-For walked from the right
 * while the addresses are trusted proxies. The first untrusted one is the client: anything to its left
 * was written by the client itself and picks nothing.
 */
export function clientAddress(
  trust: TrustProxy,
  isProxy: (address: string) => boolean,
  peer: string,
  forwardedFor: string,
): string {
  const chain = [
    normaliseAddress(peer),
    ...forwardedFor
      .split(',')
      .map((s) => normaliseAddress(s))
      .filter(Boolean)
      .reverse(),
  ];
  const trusted = (address: string, index: number): boolean => {
    switch (trust.kind) {
      case 'none':
        return false;
      case 'addresses':
        return isProxy(address);
      case 'hops':
        return index < trust.hops;
      case 'any':
        return index < 1;
      default: {
        const never: never = trust;
        return never;
      }
    }
  };
  for (let i = 0; i < chain.length; i++) {
    if (!trusted(chain[i]!, i)) return chain[i]!;
  }
  // Every entry is a proxy: the farthest one is as near the client as anyone can tell.
  return chain[chain.length - 1]!;
}

/**
 * Sets ctx.ip, ctx.protocol and ctx.host from forwarded headers only when the socket's peer is a trusted
 * proxy (Koa's own `app.proxy` would trust them from anyone). Mount it first.
 */
export function forwardedHeaders(
  trust: TrustProxy,
  options: {
    /** Called the first time a peer TRUST_PROXY does not name sends X-Forwarded-For (a proxy left out?). */
    onIgnored?: (peer: string) => void;
  } = {},
): Koa.Middleware {
  const isProxy = proxyMatcher(trust);
  let reported = false;
  return async function forwardedHeadersMiddleware(ctx, next) {
    const peer = ctx.req.socket.remoteAddress ?? '';
    if (!peerIsTrusted(trust, isProxy, peer)) {
      ctx.request.ip = normaliseAddress(peer);
      if (!reported && options.onIgnored && ctx.get('x-forwarded-for')) {
        reported = true;
        options.onIgnored(ctx.request.ip);
      }
      return next();
    }
    ctx.request.ip = clientAddress(trust, isProxy, peer, ctx.get('x-forwarded-for'));
    const proto = ctx.get('x-forwarded-proto').split(',')[0]?.trim().toLowerCase();
    const encrypted = (ctx.req.socket as { encrypted?: boolean }).encrypted === true;
    if (!encrypted && (proto === 'https' || proto === 'http'))
      Object.defineProperty(ctx.request, 'protocol', { value: proto, configurable: true });
    const host = ctx.get('x-forwarded-host').split(',')[0]?.trim();
    if (host) Object.defineProperty(ctx.request, 'host', { value: host, configurable: true });
    return next();
  };
}
