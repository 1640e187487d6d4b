import { scanSearchWords } from './text';

/**
 * Longest word of a-z sent as a lexeme as it is (PostgreSQL's parser reads such a word as one 'asciiword' token,
 * which the 'simple' configuration keeps as it is; a longer one goes through to_tsvector, which drops words over
 * 2,047 bytes).
 */
const MAX_LETTERS = 255;

export function isLetters(word: string): boolean {
  if (word.length > MAX_LETTERS) return false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return true;
}

/** One document's distinct words: an open-addressing table of word numbers, valid where its stamp is current. */
let slots = new Int32Array(1024);
let stamps = new Int32Array(1024);
let stamp = 0;
const words: string[] = [];
const hashes: number[] = [];
let letters: string[] = [];
let others: string[] = [];

function place(id: number, h: number): void {
  const mask = slots.length - 1;
  let slot = h & mask;
  while (stamps[slot] === stamp) slot = (slot + 1) & mask;
  stamps[slot] = stamp;
  slots[slot] = id;
}

/** Adds `text[start, end) + suffix` unless the document already has it; a string is made only for a new word. */
function add(text: string, start: number, end: number, suffix: string): void {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  for (let i = 0; i < suffix.length; i++) h = Math.imul(h ^ suffix.charCodeAt(i), 0x01000193);
  const length = end - start + suffix.length;
  const mask = slots.length - 1;
  for (let slot = h & mask; stamps[slot] === stamp; slot = (slot + 1) & mask) {
    const found = slots[slot]!;
    if (hashes[found] !== h) continue;
    const word = words[found]!;
    if (word.length !== length) continue;
    let same = true;
    for (let i = start; i < end && same; i++) same = word.charCodeAt(i - start) === text.charCodeAt(i);
    for (let i = 0; i < suffix.length && same; i++)
      same = word.charCodeAt(end - start + i) === suffix.charCodeAt(i);
    if (same) return;
  }
  const word = suffix ? text.slice(start, end) + suffix : text.slice(start, end);
  const id = words.length;
  words.push(word);
  hashes.push(h);
  (isLetters(word) ? letters : others).push(word);
  if ((id + 1) * 2 > slots.length) {
    // Grown, and every word of the document placed again under a fresh stamp.
    slots = new Int32Array(slots.length * 2);
    stamps = new Int32Array(slots.length);
    stamp = 1;
    for (let i = 0; i <= id; i++) place(i, hashes[i]!);
  } else place(id, h);
}

const run = (text: string, start: number, end: number, suffix: '' | 'pp' | 'sharp') =>
  add(text, start, end, suffix);
const word = (w: string) => add(w, 0, w.length, '');

/**
 * Text matching needs no positions (ranking reads head_tsv, and a query is words joined by `&`, the last a prefix),
 * and a distinct word list makes the stored tsvector and the GIN insert cheaper; the plain lower-case ASCII words
 * (nearly all of them) become lexemes as they are (`array_to_tsvector`, without positions: about a fifth of
 * `to_tsvector`'s cost, which parses the text); any other word goes through `to_tsvector`, so every word gives the
 * lexeme it gave (postgres.ts).
 *
 * The description's words (`searchWords`), each once, first occurrence first, split into plain a-z words (sent as
 * lexemes as they are) and the others (through `to_tsvector`), each list joined by a space: the same strings as
 * `new Set(searchWords(text))` partitioned by `isLetters`, without a string or a set entry for each repeat.
 */
export function descriptionWords(text: string): { description_letters: string; description_words: string } {
  stamp++;
  if (stamp === 0x7fffffff) {
    stamps.fill(0);
    stamp = 1;
  }
  words.length = 0;
  hashes.length = 0;
  letters = [];
  others = [];
  scanSearchWords(text, run, word);
  const out = { description_letters: letters.join(' '), description_words: others.join(' ') };
  words.length = 0;
  return out;
}
