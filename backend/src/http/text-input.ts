import { badRequest, type FieldIssue } from './errors';

/**
 * Text PostgreSQL cannot store: U+0000 (refused in text and jsonb) and a UTF-16 surrogate without its
 * pair (JSON's `\ud800` escape parses to one; jsonb refuses it). Found in input, either would fail the
 * statement that stores or compares it, a 500; so it is refused up front as a 400 naming the field.
 */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** String.prototype.isWellFormed (ES2024: in Node 20 and later, not yet in this project's TypeScript lib). */
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/**
 * UNSTORABLE.test(text), natively: no unpaired surrogate and no U+0000. The regex's lookbehind at every
 * character was a tenth of ingesting a job (every string of every item, and of what the normaliser made).
 */
function unstorable(text: string): boolean {
  return isWellFormed ? text.includes('\u0000') || !isWellFormed.call(text) : UNSTORABLE.test(text);
}

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** Nodes visited at most: a body this deep or wide is refused elsewhere (size limits) or harmless. */
const MAX_NODES = 200_000;

/**
 * The first string (value or object key) in `value` that cannot be stored, as an issue whose path
 * names it ('items.3.title'); null when there is none. Iterative: deep JSON cannot overflow the stack.
 */
export function unstorableText(value: unknown, base = ''): FieldIssue | null {
  const stack: [unknown, string][] = [[value, base]];
  const at = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);
  for (let visited = 0; stack.length > 0 && visited < MAX_NODES; visited += 1) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (unstorable(node)) return { path: path || 'body', message: UNSTORABLE_TEXT_MESSAGE };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push([node[i], at(path, String(i))]);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (unstorable(key))
          return { path: at(path, key.replace(UNSTORABLE_ALL, '\uFFFD')), message: UNSTORABLE_TEXT_MESSAGE };
        stack.push([child, at(path, key)]);
      }
    }
  }
  return null;
}

/** `text` with each character PostgreSQL cannot store replaced by U+FFFD (for echoing input back). */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '\uFFFD');
}

/**
 * The first place in `value` nested deeper than `maxDepth` arrays and objects, as an issue naming it;
 * null when there is none. Iterative and stops at the limit: a 20,000-level item cannot overflow the
 * stack here, and refusing it up front keeps it from every recursive walk after (JSON.stringify, hashing).
 */
export function tooDeep(value: unknown, maxDepth: number, base = ''): FieldIssue | null {
  const stack: [unknown, string, number][] = [[value, base, 0]];
  const at = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);
  while (stack.length > 0) {
    const [node, path, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= maxDepth)
      return { path: path || 'body', message: `must not be nested more than ${maxDepth} levels deep` };
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    for (const [key, child] of entries) stack.push([child, at(path, storableText(key)), depth + 1]);
  }
  return null;
}

/** Throws 400 VALIDATION naming the first unstorable string in `value`. */
export function refuseUnstorableText(value: unknown, label: string, base = ''): void {
  const issue = unstorableText(value, base);
  if (issue) throw badRequest(`Invalid ${label} '${issue.path}': ${issue.message}`, [issue]);
}
