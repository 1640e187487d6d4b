// Zod-free: the public site imports it directly to link companies (importing ./jobs would pull zod into its bundle).

const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** 32-bit FNV-1a, hex: a stable, dependency-free hash for slugs of names without Latin letters. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** 'Acme Café, Inc.' → 'acme-cafe-inc'; a name without Latin letters → 'company-{8 hex}'. */
export function companySlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => FOLDS[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || `company-${fnv1a(name.trim().toLowerCase())}`;
}
