/**
 * Alert e-mails: plain text plus simple table-based HTML with inline styles (what common clients
 * render alike). Every mail carries RFC 8058 one-click unsubscribe headers.
 */
import type { AlertCriteria } from '@jobs/contracts';
import type { MailMessage } from '../../mail/mailer';
import { describeCriteria } from './criteria';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface AlertLinks {
  publicUrl: string;
  unsubscribeUrl: string;
}

/** RFC 8058: the mailbox provider POSTs 'List-Unsubscribe=One-Click' to the URL, no sign-in, no page. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function layout(body: string, links: AlertLinks): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="margin:0;padding:0;background:#f4f4f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<tr><td style="padding:24px 24px 8px 24px;font-size:20px;font-weight:bold">Remote Jobs</td></tr>
${body}
<tr><td style="padding:16px 24px 24px 24px;font-size:12px;color:#71717a;border-top:1px solid #e4e4e7">
You can unsubscribe from alerts at any time: <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#71717a">unsubscribe</a>.
</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
}

function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="border-radius:6px;background:#2563eb">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;color:#ffffff;text-decoration:none;font-weight:bold;font-size:15px">${escapeHtml(label)}</a>
</td></tr></table>`;
}

export function confirmationMail(input: {
  to: string;
  criteria: AlertCriteria;
  confirmUrl: string;
  links: AlertLinks;
}): MailMessage {
  const what = describeCriteria(input.criteria);
  return {
    to: input.to,
    subject: 'Confirm your job alert',
    text: [
      'Please confirm your job alert subscription:',
      '',
      `  ${what}`,
      '',
      `Confirm: ${input.confirmUrl}`,
      '',
      'The link works for 72 hours. If you did not ask for job alerts, ignore this e-mail and you will get nothing more.',
      '',
      `Unsubscribe: ${input.links.unsubscribeUrl}`,
    ].join('\n'),
    html: layout(
      `<tr><td style="padding:8px 24px;font-size:15px;line-height:22px">
<p style="margin:0 0 12px 0">Please confirm your job alert subscription:</p>
<p style="margin:0 0 16px 0;font-weight:bold">${escapeHtml(what)}</p>
${button(input.confirmUrl, 'Confirm subscription')}
<p style="margin:16px 0 0 0;font-size:13px;color:#52525b">The link works for 72 hours. If you did not ask for job alerts, ignore this e-mail and you will get nothing more.</p>
</td></tr>`,
      input.links,
    ),
    headers: unsubscribeHeaders(input.links.unsubscribeUrl),
  };
}

export interface DigestJob {
  title: string;
  company: string;
  location: string;
  salary: string | null;
  url: string;
}

export function digestMail(input: {
  to: string;
  criteria: AlertCriteria;
  frequency: 'daily' | 'weekly';
  jobs: DigestJob[];
  /** How many matched in all (the mail lists at most 20). */
  total: number;
  searchUrl: string;
  links: AlertLinks;
}): MailMessage {
  const what = describeCriteria(input.criteria);
  const count = input.total === 1 ? '1 new job' : `${input.total} new jobs`;
  const more = input.total > input.jobs.length ? `Showing ${input.jobs.length} of ${input.total}. ` : '';
  const textJobs = input.jobs.flatMap((j) => [
    `- ${j.title} at ${j.company}`,
    `  ${[j.location, j.salary].filter(Boolean).join(' | ')}`,
    `  ${j.url}`,
  ]);
  const htmlJobs = input.jobs
    .map(
      (j) => `<tr><td style="padding:12px 0;border-bottom:1px solid #e4e4e7">
<a href="${escapeHtml(j.url)}" style="font-size:16px;font-weight:bold;color:#2563eb;text-decoration:none">${escapeHtml(j.title)}</a><br>
<span style="font-size:14px;color:#3f3f46">${escapeHtml(j.company)}</span><br>
<span style="font-size:13px;color:#71717a">${escapeHtml([j.location, j.salary].filter(Boolean).join(' · '))}</span>
</td></tr>`,
    )
    .join('\n');
  return {
    to: input.to,
    subject: `${count} for your ${input.frequency} job alert: ${what}`,
    text: [
      `${count} matching your alert: ${what}`,
      '',
      ...textJobs,
      '',
      `${more}See all matching jobs: ${input.searchUrl}`,
      '',
      `Unsubscribe: ${input.links.unsubscribeUrl}`,
    ].join('\n'),
    html: layout(
      `<tr><td style="padding:8px 24px;font-size:15px;line-height:22px">
<p style="margin:0 0 8px 0">${escapeHtml(count)} matching your alert: <strong>${escapeHtml(what)}</strong></p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${htmlJobs}
</table>
<p style="margin:16px 0 8px 0;font-size:13px;color:#52525b">${escapeHtml(more)}</p>
${button(input.searchUrl, 'See all matching jobs')}
</td></tr>`,
      input.links,
    ),
    headers: unsubscribeHeaders(input.links.unsubscribeUrl),
  };
}
