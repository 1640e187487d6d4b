import { alertToken } from './tokens';

/** The links an alert's e-mails carry (the server routes them: routes.ts). */
export function alertLinks(publicUrl: string, key: Buffer, alertId: string) {
  return {
    publicUrl,
    confirmUrl: `${publicUrl}/alerts/confirm/${alertToken(key, alertId, 'confirm')}`,
    unsubscribeUrl: `${publicUrl}/unsubscribe/${alertToken(key, alertId, 'unsubscribe')}`,
  };
}
