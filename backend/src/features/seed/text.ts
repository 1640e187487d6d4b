/** Small grammar for the demo data: articles, lists, capitals and word counts. */

/** Letters whose spoken name starts with a vowel sound, for acronyms read letter by letter ('an SRE', 'a QA'). */
const VOWEL_SOUND_LETTERS = 'AEFHILMNORSX';
/** Words whose first vowel sounds like 'you' or 'w', or whose 'h' is silent. */
const A_BEFORE = /^(uni|use|usa|usu|uti|ura|ure|uro|eu|ewe|one|once|ubiq|u[bcfgklmnprstvz][aeiou])/i;
const AN_BEFORE = /^(hour|honest|honou?r|heir)/i;

/** 'a' or 'an' before `word` as it is spoken: an Engineering Manager, a UX Designer, an SEO Specialist, a user. */
export function articleFor(word: string): 'a' | 'an' {
  const first = word.replace(/^[^\p{L}\p{N}]+/u, '');
  if (/^\d/.test(first)) return /^(8|11(?!\d)|18(?!\d))/.test(first) ? 'an' : 'a';
  const head = first.split(/[^\p{L}\p{N}]/u)[0] ?? '';
  // An acronym (two or more capitals, as in 'SRE', 'QA', 'MLOps'): said letter by letter.
  if (/^[A-Z]{2,}/.test(head) && !/^[A-Z][a-z]/.test(head))
    return VOWEL_SOUND_LETTERS.includes(head[0]!) ? 'an' : 'a';
  if (AN_BEFORE.test(head)) return 'an';
  if (A_BEFORE.test(head)) return 'a';
  // 'iOS' and 'eBay' start with a vowel sound too.
  return /^[aeiouAEIOU]/.test(head) ? 'an' : 'a';
}

/** `word` with its article: 'an Engineering Manager'. */
export const withArticle = (word: string) => `${articleFor(word)} ${word}`;

/** 'A', 'A and B', 'A, B and C'. */
export function joinList(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Non-ASCII characters of the demo texts that are not letters: typographic quotes and dashes, currency signs. */
const NOT_LETTERS = new Set([
  0xa0, 0xa3, 0xa9, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2026, 0x20ac,
]);

/**
 * Words as the search tokenizer splits them (runs of letters and digits), counted without building a list.
 * Any other non-ASCII character counts as a letter: the word lists' names are letters and marks.
 */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const alnum =
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      (c > 127 && !NOT_LETTERS.has(c));
    if (alnum && !inWord) words++;
    inWord = alnum;
  }
  return words;
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
