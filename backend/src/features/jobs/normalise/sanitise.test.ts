import { describe, expect, it } from 'vitest';
import { generateJobs } from '../../seed/generate';
import { isAlreadyClean, sanitiseByParser, sanitiseHtml, unescapeDoubleEscaped } from './sanitise';

/** Nothing in the output may run code or load content. */
function expectInert(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<(img|svg|iframe|object|embed|style|math|form|input|body|link|meta|base)\b/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/data:/i);
  expect(html).not.toMatch(/style\s*=/i);
}

describe('sanitiseHtml', () => {
  it('keeps the structural allow-list', () => {
    const html =
      '<h2>Role</h2><p>We <strong>build</strong> <em>things</em>.</p><ul><li>One</li></ul><ol><li>Two</li></ol>' +
      '<blockquote>q</blockquote><pre><code>x = 1</code></pre><table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table>';
    expect(sanitiseHtml(html)).toBe(html);
  });

  it('maps h1 to h2 and h5/h6 to h4', () => {
    expect(sanitiseHtml('<h1>A</h1><h5>B</h5><h6>C</h6>')).toBe('<h2>A</h2><h4>B</h4><h4>C</h4>');
  });

  it('removes script and style elements with their content', () => {
    const out = sanitiseHtml('<p>ok</p><script>alert(1)</script><style>body{display:none}</style>');
    expect(out).toBe('<p>ok</p>');
  });

  it.each([
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg>'],
    ['body onload', '<body onload=alert(1)>text</body>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    [
      'entity-encoded javascript: link',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    ],
    ['hex-entity javascript: link', '<a href="&#x6A;avascript:alert(1)">x</a>'],
    ['tab inside javascript:', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['newline inside javascript: img', '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">'],
    ['data: URL link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['style expression', '<p style="width: expression(alert(1))">x</p>'],
    ['style url javascript', '<div style="background:url(javascript:alert(1))">x</div>'],
    ['nested script split', '<scr<script>ipt>alert(1)</script>'],
    ['double open bracket', '<<script>alert(1);//<</script>'],
    ['mutation XSS through math/style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['event handler on allowed tag', '<p onclick="alert(1)" onmouseover="alert(2)">x</p>'],
    ['form with action', '<form action="javascript:alert(1)"><button>go</button></form>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['link stylesheet', '<link rel="stylesheet" href="javascript:alert(1)">'],
    ['object data', '<object data="javascript:alert(1)"></object>'],
    ['unclosed attribute trick', '<a href="https://ok.example" title="x" onfocus="alert(1)" autofocus>x</a>'],
  ])('neutralises %s', (_name, payload) => {
    expectInert(sanitiseHtml(payload));
  });

  it('keeps http(s) and mailto links and forces rel and target', () => {
    const out = sanitiseHtml(
      '<a href="https://acme.example/jobs" rel="opener" target="_self">apply</a> <a href="mailto:jobs@acme.example">mail</a>',
    );
    expect(out).toBe(
      '<a href="https://acme.example/jobs" rel="nofollow noopener noreferrer" target="_blank">apply</a> ' +
        '<a href="mailto:jobs@acme.example" rel="nofollow noopener noreferrer" target="_blank">mail</a>',
    );
  });

  it('drops protocol-relative links', () => {
    expect(sanitiseHtml('<a href="//evil.example">x</a>')).not.toContain('href');
  });

  it('decodes Greenhouse double-escaped HTML, then sanitises it', () => {
    const out = sanitiseHtml('&lt;p&gt;Tools &amp;amp; data&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toBe('<p>Tools &amp; data</p>');
  });

  it('drops empty paragraphs left over by ATS editors', () => {
    expect(sanitiseHtml('<p>a</p><p> </p><p><br></p><div></div>')).toBe('<p>a</p>');
  });
});

describe('unescapeDoubleEscaped', () => {
  it('leaves real HTML that shows escaped code alone', () => {
    const html = '<p>Write &lt;div&gt; elements</p>';
    expect(unescapeDoubleEscaped(html)).toBe(html);
  });

  it('leaves plain text with an ampersand alone', () => {
    expect(unescapeDoubleEscaped('R&amp;D team')).toBe('R&amp;D team');
  });
});

describe('the already-clean fast path', () => {
  /** The fast path may only answer what sanitize-html answers. */
  function expectSameAsParser(html: string): boolean {
    const clean = isAlreadyClean(html);
    if (clean) expect(html.trim(), html).toBe(sanitiseByParser(html));
    return clean;
  }

  it('takes the demo descriptions as they are, exactly as sanitize-html writes them', () => {
    const items = generateJobs({ count: 1500, offset: 0, now: new Date('2026-06-01T00:00:00Z') });
    for (const item of items) expect(expectSameAsParser(item.descriptionHtml)).toBe(true);
  });

  it('leaves to sanitize-html what it would change', () => {
    for (const html of [
      '<p></p>',
      '<p>  </p><p>x</p>',
      '<div><strong> </strong></div>',
      '<p>a<p>b</p></p>',
      '<p>a<ul><li>b</li></ul></p>',
      '<ul><li>a<li>b</li></ul>',
      '<p>a & b</p>',
      '<p>a &quot;b&quot;</p>',
      '<p>a &nbsp; b</p>',
      '<p>a &amp b</p>',
      '<p>1 > 0</p>',
      '<p>1 < 2</p>',
      '<p>x</p></div>',
      '<p>x',
      '<strong>x</em>',
      '<P>x</P>',
      '<p class="a">x</p>',
      '<p >x</p>',
      '<br>',
      '<h1>x</h1>',
      '<a>x</a>',
      '<pre>x</pre>',
      '<table><tr><td>x</td></tr></table>',
      '<script>x</script>',
      '<!-- c --><p>x</p>',
      '<p>a\r\nb</p>',
    ])
      expect(expectSameAsParser(html), html).toBe(false);
  });

  it('agrees with sanitize-html on random HTML', () => {
    // mulberry32: the same pieces every run.
    let seed = 26;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const tags = [
      'p',
      'div',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      'b',
      'i',
      'u',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'code',
    ];
    const pieces = [
      'word',
      ' ',
      '  ',
      '\n',
      '\u00a0',
      'é',
      '“q”',
      '&amp;',
      '&lt;',
      '&gt;',
      '&',
      '<',
      '>',
      '"',
      "'",
      '&quot;',
      '&#39;',
      '<br>',
      '<span>',
      '</span>',
      '<h1>',
      '</h1>',
    ];
    let clean = 0;
    for (let n = 0; n < 4000; n++) {
      let html = '';
      const open: string[] = [];
      const length = 1 + Math.floor(random() * 14);
      for (let k = 0; k < length; k++) {
        const r = random();
        if (r < 0.35) {
          const tag = tags[Math.floor(random() * tags.length)]!;
          html += `<${tag}>`;
          open.push(tag);
        } else if (r < 0.6 && open.length) html += `</${random() < 0.9 ? open.pop() : tags[0]}>`;
        else if (r < 0.9) html += random() < 0.7 ? 'text' : pieces[Math.floor(random() * pieces.length)]!;
        else html += pieces[Math.floor(random() * pieces.length)]!;
      }
      if (random() < 0.8) while (open.length) html += `</${open.pop()}>`;
      if (expectSameAsParser(html)) clean++;
    }
    // The fast path must have been taken often enough for this to mean something.
    expect(clean).toBeGreaterThan(400);
  });
});
