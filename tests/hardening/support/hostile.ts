/**
 * fast-check arbitraries for hostile HTTP input: strings (unicode incl. lone surrogates, RTL and
 * zero-width marks, NUL, SQL and HTML payloads, huge), values of the wrong type, deep JSON, bad
 * percent-encodings, malformed and oversized bodies and the wrong content types.
 */
import fc from 'fast-check';

/** Strings every parser and database layer has tripped on somewhere. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uD800',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\u2060\uFEFF',
  'עברית العربية',
  'Z̴̡̪̫͖̥͔͎͍͂̽̿͋̾̌a̵̢̧̮͕̝̙̐̀͋l̶g̷o̶',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\r\nSet-Cookie: x=1',
  '\t\v\f\b',
  "' OR '1'='1",
  "'; drop table events; --",
  '" or ""="',
  '1; select pg_sleep(10)',
  '$1',
  '%',
  '%_\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  ']]></title><x>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999999999999',
  '0x1F',
  '١٢٣',
  'ＡＢＣ',
  'İı',
  'ß',
  'javascript:alert(1)',
  'http://169.254.169.254/latest',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-fffffffffffff',
  'a@b',
  'x@example.com\u0000',
];

const AWKWARD_UNITS = [
  '\uD800',
  '\uDFFF',
  '\u0000',
  '\u202E',
  '\u200B',
  '\uFEFF',
  'a',
  'é',
  'e\u0301',
  '😀',
  "'",
  '"',
  '<',
  '%',
  '\\',
  '/',
  ' ',
];

/** A hostile string of at most `max` characters (huge ones only where `max` allows). */
export function hostileString(max = 200_000): fc.Arbitrary<string> {
  const arbs: fc.WeightedArbitrary<string>[] = [
    { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...AWKWARD_UNITS), maxLength: 24 }) },
  ];
  if (max > 300)
    arbs.push({
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 256, max }), fc.constantFrom('a', 'é', '\u0000', '😀', '<'))
        .map(([n, c]) => c.repeat(Math.max(1, Math.floor(n / c.length)))),
    });
  return fc.oneof(...arbs);
}

/** Keys that the app's schemas read, plus keys nothing should trust. */
export const FIELD_NAMES = [
  'email',
  'username',
  'password',
  'currentPassword',
  'newPassword',
  'firstName',
  'lastName',
  'code',
  'token',
  'title',
  'location',
  'experienceLevel',
  'type',
  'salary',
  'isRemote',
  'frequency',
  'name',
  'filters',
  'items',
  'ids',
  'reason',
  'expectedRevision',
  'role',
  'kind',
  'board',
  'company',
  'baseUrl',
  'intervalMinutes',
  'candidates',
  'id',
  '__proto__',
  'constructor',
] as const;

const fieldKey = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: hostileString(300) },
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, -(2 ** 31) - 1),
  },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Nested arrays `depth` deep, built without recursion. */
export function nested(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Any JSON value, of any type, where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 2, arbitrary: fc.dictionary(fieldKey, scalar, { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 2_000 }).map(nested) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

/**
 * A string as a URL component: every character percent-encoded as UTF-8, except lone surrogates,
 * which become their (invalid) WTF-8 bytes, as a hostile client would send them.
 */
export function encodeComponent(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i += 1;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
}

/** URL pieces sent as they are: broken percent-encodings, overlong and invalid UTF-8, traversal. */
export const RAW_URL_PIECES = [
  '%',
  '%Z',
  '%ZZ',
  '%E0%A4%A',
  '%C0%AF',
  '%C0%80',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%FF%FE',
  '%F4%90%80%80',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '..%2F..%2Fetc%2Fpasswd',
  '%252F',
  '%u0041',
  '+%20+',
  '%0D%0ASet-Cookie:%20x=1',
  'a%2Fb',
  '.',
  '..',
  '~',
] as const;

/** A value for a path or query slot, already URL-encoded (URLs stay under Node's 16 KB header limit). */
export function urlValue(known: readonly string[] = []): fc.Arbitrary<string> {
  const arbs: fc.WeightedArbitrary<string>[] = [
    { weight: 6, arbitrary: hostileString(1_000).map(encodeComponent) },
    { weight: 3, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(hostileString(40), fc.constantFrom(...RAW_URL_PIECES))
        .map(([s, raw]) => encodeComponent(s) + raw),
    },
  ];
  if (known.length) arbs.push({ weight: 4, arbitrary: fc.constantFrom(...known.map(encodeComponent)) });
  return fc.oneof(...arbs);
}

export const QUERY_KEYS = [
  'title',
  'location',
  'experienceLevel',
  'type',
  'salary',
  'industry',
  'isRemote',
  'duration',
  'page',
  'limit',
  'pageSize',
  'sortBy',
  'sortOrder',
  'sort',
  'range',
  'filter',
  'period',
  'text',
  'q',
  'url',
  'hasResults',
  'resultCount',
  'theme',
  'format',
  'callback',
  '__proto__',
  'constructor',
] as const;

/** Keys of the admin lists' `filter` JSON. */
const FILTER_KEYS = [
  'q',
  'id',
  'status',
  'role',
  'source',
  'company',
  'isRemote',
  'isVerified',
  'experienceLevel',
  'type',
  'kind',
  'postedAfter',
  'postedBefore',
  'registeredAfter',
];
const SORT_FIELDS = [
  'id',
  'title',
  'company',
  'postedAt',
  'registeredAt',
  'foundAt',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
];

/** The JSON query parameters of the admin lists (ra-data-simple-rest): sort, range and filter, bent. */
const listJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.tuple(
    fc.oneof(fc.constantFrom(...SORT_FIELDS), hostileString(40)),
    fc.constantFrom('ASC', 'desc', 'sideways', '', 1),
  ),
  fc.tuple(
    fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, 1e308)),
    fc.oneof(fc.integer(), fc.constantFrom(0, 24, 2 ** 31, 2 ** 53, 1e308)),
  ),
  fc.dictionary(
    fc.constantFrom(...FILTER_KEYS),
    fc.oneof(
      hostileValue,
      fc.constantFrom('9999-12-31', '275760-09-14', '-271821-04-19', '2024-02-30', 'live', 'admin', true),
    ),
    { maxKeys: 4 },
  ),
);

/** A query string (with its '?') of hostile pairs, repeated keys and JSON where JSON is read. */
export function queryString(known: readonly string[] = []): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...QUERY_KEYS) },
    { weight: 1, arbitrary: urlValue() },
    { weight: 1, arbitrary: fc.constantFrom('title[]', 'filter[a]', 'a[b][c]', 'page[0]') },
  );
  const value = fc.oneof(
    { weight: 6, arbitrary: urlValue(known) },
    {
      weight: 2,
      arbitrary: hostileValue.map((v) => {
        try {
          return encodeComponent(JSON.stringify(v) ?? 'null');
        } catch {
          return 'null';
        }
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom('1', '2', '0', '-1', '100000', 'true', 'asc', 'DESC') },
    { weight: 2, arbitrary: listJson.map((v) => encodeComponent(JSON.stringify(v))) },
  );
  return fc
    .array(fc.tuple(key, value, fc.boolean()), { maxLength: 6 })
    .map((pairs) =>
      pairs.length ? `?${pairs.map(([k, v, bare]) => (bare && !v ? k : `${k}=${v}`)).join('&')}` : '',
    );
}

export interface Body {
  /** 'chunked': sent with Transfer-Encoding: chunked, without a Content-Length. */
  kind: 'none' | 'json' | 'raw' | 'huge' | 'chunked';
  contentType?: string;
  payload?: string | Buffer;
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json'];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'json',
  '',
];

/** Bodies that are not JSON, not whole, not UTF-8, or too deep to walk. */
const RAW_BODIES: readonly (string | Buffer)[] = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":undefined}',
  '\uFEFF{"email":"a@example.com"}',
  '\u0000',
  'null',
  '"just a string"',
  '12345',
  '[]',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  '{"email":"\\ud800@example.com","title":"\\u0000"}',
  '{"a":"\\u0000","b":"\\udfff"}',
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  'email=a%40example.com&title=x',
];

/** A body for a state-changing request: a mutated template when one is known, else anything. */
export function bodyOf(template: fc.Arbitrary<Record<string, unknown>> | undefined): fc.Arbitrary<Body> {
  const json = (v: unknown, contentType: string): Body => ({
    kind: 'json',
    contentType,
    payload: JSON.stringify(v) ?? 'null',
  });
  const jsonType = fc.oneof(
    { weight: 8, arbitrary: fc.constant(JSON_TYPES[0]!) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...JSON_TYPES),
    },
  );
  const arbs: fc.WeightedArbitrary<Body>[] = [
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.dictionary(fieldKey, hostileValue, { maxKeys: 6 }), jsonType)
        .map(([v, t]) => json(v, t)),
    },
    { weight: 1, arbitrary: fc.tuple(hostileValue, jsonType).map(([v, t]) => json(v, t)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES))
        .map(([payload, contentType]) => ({ kind: 'raw' as const, contentType, payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.dictionary(fieldKey, hostileValue, { maxKeys: 3 }), fc.constantFrom(...OTHER_TYPES))
        .map(([v, contentType]) => ({ kind: 'raw' as const, contentType, payload: JSON.stringify(v) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...JSON_TYPES).map((contentType) => ({
        kind: 'huge' as const,
        contentType,
        payload: JSON.stringify({ title: 'x'.repeat(150 * 1024) }),
      })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  ];
  if (template) {
    arbs.push({
      weight: 8,
      arbitrary: fc.tuple(template, jsonType).map(([v, t]) => json(v, t)),
    });
  }
  return fc.oneof(...arbs);
}

const KEEP = Symbol('keep');
const DROP = Symbol('drop');

/**
 * A valid request body with some fields replaced by hostile values, some dropped and some unknown
 * ones added: the requests that get past the first check and into the handler.
 */
export function mutated(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const choices: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(valid)) {
    const options: fc.WeightedArbitrary<unknown>[] = [
      { weight: 4, arbitrary: fc.constant(KEEP) },
      { weight: 3, arbitrary: hostileValue },
      { weight: 1, arbitrary: fc.constant(DROP) },
    ];
    // Nested objects (an ingestion batch's items, saved filters) are bent field by field too.
    const inner = nestedMutation(value);
    if (inner) options.push({ weight: 5, arbitrary: inner });
    choices[key] = fc.oneof(...options);
  }
  return fc
    .tuple(fc.record(choices), fc.dictionary(fieldKey, hostileValue, { maxKeys: 2 }), fc.boolean())
    .map(([picked, extra, addExtra]) => {
      const out: Record<string, unknown> = {};
      for (const [key, choice] of Object.entries(picked)) {
        if (choice === KEEP) out[key] = valid[key];
        else if (choice !== DROP) out[key] = choice;
      }
      return addExtra ? { ...extra, ...out } : out;
    });
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function nestedMutation(value: unknown): fc.Arbitrary<unknown> | null {
  if (isPlainObject(value)) return mutated(value);
  if (Array.isArray(value) && value.some(isPlainObject))
    return fc.tuple(...value.map((v) => (isPlainObject(v) ? mutated(v) : fc.constant(v))));
  return null;
}

// ---- paths, headers and bodies beyond the routes' own parameters

/** Where paths lead: site pages (server-rendered), files, feeds and sitemaps, the API, the admin. */
const PATH_PREFIXES = [
  '/',
  '/jobs/',
  '/companies/',
  '/categories/',
  '/admin/',
  '/alerts/confirm/',
  '/unsubscribe/',
  '/assets/',
  '/.vite/',
  '/sitemap-jobs-',
  '/sitemap',
  '/feed',
  '/api/',
  '/api/jobs/',
  '/api/companies/',
  '/api/admin/',
  '/api/admin/jobs/',
  '/api/user/',
  '/api/ingest/',
  '/%2e%2e/',
  '//',
] as const;
const PATH_SUFFIXES = ['', '', '/', '.xml', '.js', '.json', '.rss', '.html', '.css', '.br', '.gz'] as const;

/** A path (already URL-encoded, possibly badly on purpose) under any part of the app. */
export function anyPath(known: readonly string[] = []): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...PATH_PREFIXES),
      fc.array(urlValue(known), { maxLength: 3 }),
      fc.constantFrom(...PATH_SUFFIXES),
    )
    .map(([prefix, segments, suffix]) => `${prefix}${segments.join('/')}${suffix}`);
}

/** Header values Node lets a client send (Latin-1 without controls): hostile, but deliverable. */
const headerSafe = (s: string) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

const HEADER_VALUES: Record<string, readonly string[]> = {
  Cookie: [
    'koa.sess=%FF',
    'koa.sess=garbage; koa.sess.sig=garbage',
    'koa.sess=; koa.sess=',
    '=;=;=',
    'a=b; a=c; a',
    `koa.sess=${'x'.repeat(4000)}`,
    'koa.sess=eyJhbGciOiJub25lIn0.e30.',
    '\xff\xfe=\xff',
  ],
  Origin: ['null', 'https://evil.example', 'http://localhost:3000.evil.example', '%FF', 'http://[::1', ''],
  Referer: ['https://evil.example/x', 'not a url', 'http://localhost:3000/%FF'],
  'Accept-Encoding': ['br;q=abc, *;q=-1', 'gzip, deflate, br, zstd', 'identity;q=0', '*;q=0', ''],
  Accept: ['text/html', '*/*', 'application/json;q=x', 'text/html;q=0, application/json', 'image/webp'],
  'Accept-Language': ['*', 'xx-XX;q=2', '\xe9\xe9'],
  'X-Forwarded-For': ['garbage, ::ffff:1.2.3.4, ', 'unknown', '999.999.999.999', ''],
  'X-Forwarded-Proto': ['https, http', 'javascript', 'https'],
  'X-Forwarded-Host': ['evil.example', 'localhost:3000', '%FF'],
  'If-None-Match': ['"x"', '*', 'W/garbage', '"a", "b",'],
  'If-Modified-Since': ['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT'],
  Range: ['bytes=0-0', 'bytes=-1', 'bytes=999999999999-', 'lines=1-2', 'bytes=5-1'],
  Authorization: ['Bearer ', 'Basic %FF', `Bearer ${'x'.repeat(3000)}`, 'Bearer jb_', 'Negotiate x'],
  'X-Request-Id': ['../../etc/passwd', 'x'.repeat(200), '%FF%FE'],
  'Content-Encoding': ['gzip', 'br', 'x-unknown'],
  // (No Expect header: superagent fails on any; backend/src/http/bad-input.test.ts sends it raw.)
};

/** Up to four hostile headers (garbage cookies, bad Origin, odd negotiation, forged forwarding). */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc
      .constantFrom(...Object.keys(HEADER_VALUES))
      .chain((name) =>
        fc
          .oneof(
            { weight: 4, arbitrary: fc.constantFrom(...HEADER_VALUES[name]!) },
            { weight: 1, arbitrary: hostileString(200) },
          )
          .map((value) => [name, headerSafe(value)] as const),
      ),
    { maxLength: 4 },
  )
  .map((pairs) => Object.fromEntries(pairs));

/** A JSON body sent chunked (no Content-Length): small, or past the 100 KB default limit. */
export const chunkedBody: fc.Arbitrary<Body> = fc
  .tuple(
    fc.oneof(
      hostileValue.map((v) => JSON.stringify({ title: v, email: v }) ?? 'null'),
      fc.integer({ min: 90, max: 160 }).map((kb) => JSON.stringify({ title: 'x'.repeat(kb * 1024) })),
      fc.constantFrom(...RAW_BODIES.filter((b) => typeof b === 'string' && b.length < 300_000)),
    ),
    fc.constantFrom(...JSON_TYPES, 'text/plain'),
  )
  .map(([payload, contentType]) => ({ kind: 'chunked' as const, contentType, payload }));

/** A value PostgreSQL cannot store, or cannot be walked without a stack: for one spot in an item. */
const poison: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\uDBFF\uD800', 'x@example.com\u0000'),
  fc.constantFrom(['ok', '\u0000'], { deep: ['\uDC00'] }, { ['key\u0000']: 1 }),
  fc.integer({ min: 40, max: 20_000 }).map(nested),
);

/**
 * An ingestion batch of valid items and poisoned ones (the same item with one field, or a new one,
 * set to text PostgreSQL cannot store or nesting thousands deep). `good` lists the indexes of the
 * valid items: each must land whatever its neighbours hold.
 */
export function poisonedBatch(
  valid: (i: number) => Record<string, unknown>,
): fc.Arbitrary<{ items: unknown[]; good: number[] }> {
  const fields = Object.keys(valid(0));
  return fc
    .array(
      fc.option(fc.tuple(fc.constantFrom(...fields, 'extra', 'skills'), poison), { nil: null, freq: 2 }),
      { minLength: 1, maxLength: 12 },
    )
    .map((spots) => {
      const items = spots.map((spot, i) => (spot ? { ...valid(i), [spot[0]]: spot[1] } : valid(i)));
      return { items, good: spots.flatMap((spot, i) => (spot ? [] : [i])) };
    });
}

/** JSON text of a value (nesting too deep for JSON.stringify written by hand). */
export function jsonText(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'symbol') out.push(v.description!);
    else if (Array.isArray(v)) {
      stack.push(Symbol(']'));
      for (let i = v.length - 1; i >= 0; i -= 1) {
        stack.push(v[i]);
        if (i > 0) stack.push(Symbol(','));
      }
      out.push('[');
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      stack.push(Symbol('}'));
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        stack.push(entries[i]![1]);
        stack.push(Symbol(`${JSON.stringify(entries[i]![0])}:`));
        if (i > 0) stack.push(Symbol(','));
      }
      out.push('{');
    } else out.push(JSON.stringify(v) ?? 'null');
  }
  return out.join('');
}
