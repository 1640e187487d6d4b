/**
 * Splits a (sanitised) job description into the job page's sections by its headings: bold
 * paragraphs and short 'Requirements:' lines count as headings too. Deterministic and pure.
 */
import { decodeEntities } from './normalise/text';

export interface StructuredDescription {
  /** HTML: the introduction and any section we do not recognise, without company boilerplate. */
  description: string;
  responsibilities: string[];
  requirements: string[];
  benefits: string[];
}

type Section = 'description' | 'responsibilities' | 'requirements' | 'benefits' | 'boilerplate';

type Block =
  | { kind: 'heading'; text: string; html: string }
  | { kind: 'list'; items: string[]; html: string }
  | { kind: 'para'; text: string; html: string };

// ----------------------------------------------------------------------------- classification

const RESPONSIBILITIES =
  /\b(responsibilit\w*|duties|accountabilities|what you('ll| will) (do|be doing|work on|achieve|own)|what you'll do|the role|your role|role (overview|description|summary)|your impact|impact you'll have|in this role|day[\s-]to[\s-]day|your mission|the job|job description|the opportunity|what the job involves|your tasks|tasks|what you'll be working on|the work)\b/i;
const REQUIREMENTS =
  /\b(requirements?|qualifications?|what you('ll| will)? (bring|need)|must[\s-]haves?|about you|who you are|(what )?we('re| are) looking for|skills|experience|you have|you'll have|ideal candidate|nice[\s-]to[\s-]haves?|preferred|bonus( points)?|you might be a( good)? fit|is this you|you should have|what it takes|your profile|profile|who you'll be|you are)\b/i;
const BENEFITS =
  /\b(benefits?|perks|what we offer|we offer|compensation|why join|why work|why you'll love|what's in it for you|salary|pay|package|rewards|what you('ll| will) get|our offer|what we provide|in return)\b/i;
const BOILERPLATE =
  /^(about\b|who we are|our (company|story|mission|culture|values|team)|company (overview|description|info)|the company|life at|equal (employment )?opportunit|eeo\b|diversity|inclusion|our commitment|accommodations?|privacy|how to apply|working at)/i;

function normaliseHeading(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[:\s]+$/, '')
    .trim();
}

export function classifyHeading(raw: string): Section | null {
  const text = normaliseHeading(raw);
  if (/^about (the )?(role|job|position|opportunity)\b/i.test(text)) return 'responsibilities';
  if (/^about you\b/i.test(text)) return 'requirements';
  if (BOILERPLATE.test(text)) return 'boilerplate';
  if (BENEFITS.test(text)) return 'benefits';
  if (REQUIREMENTS.test(text)) return 'requirements';
  if (RESPONSIBILITIES.test(text)) return 'responsibilities';
  return null;
}

// ----------------------------------------------------------------------------- parsing

const VOID = new Set(['br', 'hr', 'img']);

function plain(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''))
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

interface RawBlock {
  tag: string;
  html: string;
  inner: string;
}

/** Top-level elements of a well-formed fragment (sanitised HTML); loose text becomes a 'p'. */
function topLevel(html: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  const token = /<(\/?)([a-z0-9]+)\b[^>]*?(\/?)>|([^<]+)|(<)/gi;
  let depth = 0;
  let start = 0;
  let tag = '';
  let innerStart = 0;
  let loose = '';
  const flushLoose = () => {
    if (loose.trim()) blocks.push({ tag: 'p', html: `<p>${loose.trim()}</p>`, inner: loose.trim() });
    loose = '';
  };
  for (const match of html.matchAll(token)) {
    const [whole, closing, name, selfClosing, text] = match;
    if (text !== undefined || match[5] !== undefined) {
      if (depth === 0) loose += whole;
      continue;
    }
    const lower = name!.toLowerCase();
    if (VOID.has(lower) || selfClosing) {
      if (depth === 0) {
        if (lower === 'br') flushLoose();
        else loose += whole;
      }
      continue;
    }
    if (!closing) {
      if (depth === 0) {
        flushLoose();
        start = match.index;
        innerStart = match.index + whole.length;
        tag = lower;
      }
      depth++;
    } else if (depth > 0) {
      depth--;
      if (depth === 0) {
        blocks.push({
          tag,
          html: html.slice(start, match.index + whole.length),
          inner: html.slice(innerStart, match.index),
        });
      }
    }
  }
  if (depth > 0) blocks.push({ tag, html: html.slice(start), inner: html.slice(innerStart) });
  flushLoose();
  return blocks;
}

function listItems(inner: string): string[] {
  return topLevel(inner)
    .filter((b) => b.tag === 'li')
    .map((b) => plain(b.inner))
    .filter(Boolean);
}

/** Is a paragraph really a heading? Bold on its own, a short line ending in ':', or a short known title. */
function paragraphHeading(inner: string, text: string): boolean {
  if (!text || text.length > 100) return false;
  const boldOnly =
    /^\s*<(strong|b)>[\s\S]*<\/\1>\s*$/i.test(inner) && !/<\/(strong|b)>[\s\S]*<(strong|b)>/i.test(inner);
  if (boldOnly && text.length <= 100) return true;
  if (text.endsWith(':') && text.length <= 80 && text.split(' ').length <= 10) return true;
  return text.length <= 60 && !/[.!?]$/.test(text) && classifyHeading(text) !== null;
}

/** Wrappers deeper than this are read as one paragraph: hostile nesting must not cost more. */
const MAX_WRAPPER_DEPTH = 16;

function toBlocks(html: string, depth = 0): Block[] {
  const blocks: Block[] = [];
  for (const raw of topLevel(html)) {
    if ((raw.tag === 'div' || raw.tag === 'section' || raw.tag === 'article') && depth < MAX_WRAPPER_DEPTH) {
      blocks.push(...toBlocks(raw.inner, depth + 1));
      continue;
    }
    if (/^h[1-6]$/.test(raw.tag)) {
      const text = plain(raw.inner);
      if (text) blocks.push({ kind: 'heading', text, html: raw.html });
      continue;
    }
    if (raw.tag === 'ul' || raw.tag === 'ol') {
      const items = listItems(raw.inner);
      if (items.length) blocks.push({ kind: 'list', items, html: raw.html });
      continue;
    }
    if (raw.tag === 'p') {
      // '<p><strong>What you'll do</strong><br>Build things</p>': a heading and its text in one paragraph.
      const lead = /^\s*<(strong|b)>([\s\S]*?)<\/\1>\s*(?::\s*)?<br\s*\/?>([\s\S]+)$/i.exec(raw.inner);
      if (lead && classifyHeading(plain(lead[2]!)) !== null) {
        blocks.push({ kind: 'heading', text: plain(lead[2]!), html: `<p><strong>${lead[2]}</strong></p>` });
        const rest = plain(lead[3]!);
        if (rest) blocks.push({ kind: 'para', text: rest, html: `<p>${lead[3]!.trim()}</p>` });
        continue;
      }
      const text = plain(raw.inner);
      if (!text) continue;
      blocks.push(
        paragraphHeading(raw.inner, text)
          ? { kind: 'heading', text, html: raw.html }
          : { kind: 'para', text, html: raw.html },
      );
      continue;
    }
    const text = plain(raw.inner);
    if (text) blocks.push({ kind: 'para', text, html: raw.html });
  }
  return blocks;
}

/** Plain text with no tags: one block per line, short lines that look like headings are headings. */
function textBlocks(text: string): Block[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line): Block => {
      const bullet = /^[-*•·]\s+(.*)$/.exec(line);
      if (bullet) return { kind: 'list', items: [bullet[1]!], html: `<ul><li>${bullet[1]}</li></ul>` };
      return paragraphHeading(line, line)
        ? { kind: 'heading', text: line, html: `<h3>${line}</h3>` }
        : { kind: 'para', text: line, html: `<p>${line}</p>` };
    });
}

function blocksOf(input: string): Block[] {
  return /<[a-z][^>]*>/i.test(input) ? toBlocks(input) : textBlocks(input);
}

interface Tagged {
  section: Section;
  block: Block;
}

function tag(blocks: Block[]): Tagged[] {
  let section: Section = 'description';
  return blocks.map((block) => {
    if (block.kind === 'heading') section = classifyHeading(block.text) ?? 'description';
    return { section, block };
  });
}

// ----------------------------------------------------------------------------- API

export function splitDescription(html: string): StructuredDescription {
  const result: StructuredDescription = {
    description: '',
    responsibilities: [],
    requirements: [],
    benefits: [],
  };
  const description: string[] = [];
  const boilerplate: string[] = [];
  for (const { section, block } of tag(blocksOf(html))) {
    if (section === 'description' || section === 'boilerplate') {
      (section === 'description' ? description : boilerplate).push(block.html);
      continue;
    }
    if (block.kind === 'heading') continue;
    if (block.kind === 'list') result[section].push(...block.items);
    else result[section].push(block.text);
  }
  // A description that is only an 'About us' is still better than none.
  const hasContent = (parts: string[]) => parts.some((part) => plain(part).length > 0);
  result.description = (hasContent(description) ? description : boilerplate).join('');
  return result;
}

/**
 * Plain text for the feed excerpt: from the first responsibilities-like section when there is one,
 * else everything but company boilerplate, else everything. Accepts HTML or plain text.
 */
export function excerptSource(input: string): string {
  const tagged = tag(blocksOf(input));
  const textOf = (items: Tagged[]) =>
    items
      .filter(({ block }) => block.kind !== 'heading')
      .map(({ block }) => (block.kind === 'list' ? block.items.join(' ') : block.text))
      .join(' ')
      .trim();
  const first = tagged.findIndex(
    ({ section, block }) => section === 'responsibilities' && block.kind !== 'heading',
  );
  if (first >= 0) {
    const fromResponsibilities = textOf(
      tagged.slice(first).filter(({ section }) => section !== 'boilerplate'),
    );
    if (fromResponsibilities) return fromResponsibilities;
  }
  return textOf(tagged.filter(({ section }) => section !== 'boilerplate')) || textOf(tagged);
}
