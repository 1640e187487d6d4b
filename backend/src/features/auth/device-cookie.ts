/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; issue 24 §4). A browser that
 * signed in successfully gets `dc` = `{userId}.{nonce}.{mac}`, the MAC an HMAC-SHA256 under a key derived from
 * the server secret. A later sign-in to that account carrying it is a trusted device: its failures are counted
 * for that device alone, and the per-account ceiling that guessing from many addresses fills does not apply
 * to it. A forged cookie, or one of another account, is an untrusted client like any other.
 *
 * The owner on a new browser, locked out by the ceiling, recovers by e-mail: the link mailed to her address
 * (`/api/login/unlock/{token}`, an hour, MAC'd like the cookie) makes that browser a trusted device.
 */
import crypto from 'node:crypto';
import type Koa from 'koa';
import { z } from 'zod';
import type { MailMessage } from '../../mail/mailer';
import { deriveKey } from './secret';

export const UnlockRequest = z.object({ username: z.string().trim().min(1).max(320) });
export const UNLOCK_SENT =
  'If an account has this name, we sent its e-mail address a link to sign in from this browser.';

export function unlockMail(input: { to: string; username: string; link: string }): MailMessage {
  const escape = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );
  return {
    to: input.to,
    subject: 'Sign in from this browser',
    text: [
      `Hi ${input.username},`,
      '',
      'Someone asked to sign in to your account from a new browser while sign-ins were paused after many wrong passwords.',
      `Open this link in that browser within an hour, then sign in with your password: ${input.link}`,
      '',
      'If it was not you, ignore this e-mail: your password was not changed.',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif">
<p>Hi ${escape(input.username)},</p>
<p>Someone asked to sign in to your account from a new browser while sign-ins were paused after many wrong passwords.</p>
<p><a href="${escape(input.link)}">Open this link in that browser</a> within an hour, then sign in with your password.</p>
<p style="color:#666">If it was not you, ignore this e-mail: your password was not changed.</p>
</body></html>`,
  };
}

export const DEVICE_COOKIE = 'dc';
/** Only the sign-in calls need it: no other request carries it. */
export const DEVICE_COOKIE_PATH = '/api/login';
const DEVICE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;
export const UNLOCK_LINK_SECONDS = 3600;

const mac = (key: Buffer, text: string, bytes = 32) =>
  crypto.createHmac('sha256', key).update(text).digest().subarray(0, bytes).toString('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export class DeviceCookies {
  private readonly cookieKey: Buffer;
  private readonly unlockKey: Buffer;
  constructor(secret: string) {
    this.cookieKey = deriveKey(secret, 'device-cookie');
    this.unlockKey = deriveKey(secret, 'login-unlock-link');
  }

  /** The device's nonce when `value` is a genuine device cookie of `userId`; null otherwise. */
  read(value: string | undefined, userId: string): string | null {
    if (!value || value.length > 200) return null;
    const [user, nonce, tag, ...rest] = value.split('.');
    if (rest.length || !user || !nonce || !tag || user !== userId) return null;
    return sameText(tag, mac(this.cookieKey, `${user}.${nonce}`)) ? nonce : null;
  }

  /** Marks this browser as one `userId` signed in from (keeps its nonce when it already was). */
  issue(ctx: Koa.Context, userId: string, nonce = crypto.randomBytes(16).toString('base64url')): void {
    ctx.cookies.set(DEVICE_COOKIE, `${userId}.${nonce}.${mac(this.cookieKey, `${userId}.${nonce}`)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_MAX_AGE_MS,
      signed: false,
      overwrite: true,
    });
  }

  /** The token of an unlock link for `userId`, valid UNLOCK_LINK_SECONDS from `now`. */
  unlockToken(userId: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + UNLOCK_LINK_SECONDS;
    return `${userId}.${expires}.${mac(this.unlockKey, `unlock|${userId}|${expires}`, 18)}`;
  }

  /** The user an unlock token names, when it is genuine and not expired. */
  readUnlockToken(token: string, now = Date.now()): string | null {
    if (token.length > 200) return null;
    const [userId, expires, tag, ...rest] = token.split('.');
    if (rest.length || !userId || !expires || !tag || !/^\d{1,12}$/.test(expires)) return null;
    if (Number(expires) * 1000 < now) return null;
    return sameText(tag, mac(this.unlockKey, `unlock|${userId}|${expires}`, 18)) ? userId : null;
  }
}
