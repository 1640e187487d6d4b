import fc from 'fast-check';

/**
 * Random job-description HTML for property tests (tests only: fast-check is a dev dependency): well-formed and
 * broken tags, block and inline elements, script and style, named, decimal and hex entities (and broken ones),
 * every kind of space and line break the rules know, and words in several scripts.
 */
const PIECES = [
  '<p>',
  '</p>',
  '<br>',
  '<br/>',
  '<BR />',
  '<li>',
  '</li>',
  '<ul>',
  '</ul>',
  '<h2 class="x">',
  '</h2>',
  '<h7>',
  '<pre>',
  '<pa>',
  '<p-x>',
  '< p>',
  '</>',
  '<div>',
  '</div>',
  '<b>',
  '</b>',
  '<a href="https://x.example/?a=1&amp;b=2">',
  '</a>',
  '<span title="a > b">',
  '<script>var a = "<p>";</script>',
  '<STYLE>p{}</STYLE>',
  '&amp;',
  '&lt;',
  '&lt;p&gt;',
  '&nbsp;',
  '&#10;',
  '&#233;',
  '&#x2019;',
  '&#x2003;',
  '&#0000000000000000000000000065;',
  '&am',
  'p;',
  '&bogus;',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\t',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\ufeff',
  '\u0085',
  '<',
  '>',
  ' - ',
  ', ',
  '.',
  '\u2013',
];
const WORDS = ['engineer', 'Senior', 'C++', 'naïve', 'straße', '東京', 'data', 'team', 'remote', 'a', 'x'];

/** HTML of up to `maxPieces` pieces; `extra` adds pieces a test's own rules care about. */
export const htmlArbitrary = (maxPieces: number, extra: readonly string[] = []) =>
  fc
    .array(
      fc.oneof(fc.constantFrom(...PIECES, ...extra), fc.constantFrom(...WORDS), fc.string({ maxLength: 6 })),
      {
        maxLength: maxPieces,
      },
    )
    .map((parts) => parts.join(''));
