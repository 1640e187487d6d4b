/** The small server-rendered pages behind alert e-mail links (no JavaScript, work in any browser). */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function alertPage(input: { title: string; message: string; body?: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(input.title)} | Remote Jobs</title></head>
<body style="margin:0;padding:0 16px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f4f5;color:#18181b">
<main style="max-width:480px;margin:64px auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1)">
<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(input.title)}</h1>
<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(input.message)}</p>
${input.body ?? ''}
<p style="margin:24px 0 0"><a href="/" style="color:#2563eb">Browse jobs</a></p>
</main></body></html>`;
}

export function unsubscribeForm(action: string): string {
  return `<form method="post" action="${escapeHtml(action)}">
<button type="submit" style="padding:10px 18px;font-size:15px;border:0;border-radius:6px;background:#dc2626;color:#fff;cursor:pointer">Unsubscribe</button>
</form>`;
}
