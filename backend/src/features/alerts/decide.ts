import {
  ALERT_CONFIRMATION_TTL_MS,
  type AlertCriteria,
  type AlertFrequency,
  type JobAlertEvent,
  type JobAlertUnsubscribed,
} from '@jobs/contracts';
import type { Decider } from '../../commands/handle';
import { evolveAlert, initialAlertState, type AlertState } from './alert';

export type AlertCommand =
  | {
      type: 'SubscribeToAlert';
      alertId: string;
      email: string;
      userId: string | null;
      criteria: AlertCriteria;
      frequency: AlertFrequency;
      /** The subscriber is signed in with this address verified: the address is proven, no opt-in mail needed. */
      addressVerified: boolean;
    }
  | { type: 'ConfirmAlert' }
  | { type: 'RecordDigest'; period: string; periodEnd: string; jobIds: string[] }
  | { type: 'UnsubscribeFromAlert'; via: JobAlertUnsubscribed['via'] };

export const ALERT_MESSAGES = {
  notFound: 'This job alert does not exist.',
  expired: 'This confirmation link has expired. Please subscribe again.',
  unsubscribed: 'This job alert was unsubscribed. Please subscribe again.',
} as const;

export class AlertRuleError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'GONE',
    message: string,
  ) {
    super(message);
    this.name = 'AlertRuleError';
  }
}

function subscribe(
  command: Extract<AlertCommand, { type: 'SubscribeToAlert' }>,
  state: AlertState,
  now: Date,
): JobAlertEvent[] {
  // Confirmed: already subscribed, nothing changes (the answer says so).
  if (state.status === 'confirmed') return [];
  // New, pending (the confirmation is sent again, the 72 hours start again) or unsubscribed (opt in again).
  const subscribed: JobAlertEvent = {
    type: 'JobAlertSubscribed',
    data: {
      alertId: command.alertId,
      email: command.email,
      userId: command.userId ?? (state.status === 'none' ? null : state.userId),
      criteria: command.criteria,
      frequency: command.frequency,
      subscribedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ALERT_CONFIRMATION_TTL_MS).toISOString(),
    },
  };
  if (!command.addressVerified) return [subscribed];
  return [subscribed, { type: 'JobAlertConfirmed', data: { confirmedAt: now.toISOString() } }];
}

function confirm(state: AlertState, now: Date): JobAlertEvent[] {
  switch (state.status) {
    case 'none':
      throw new AlertRuleError('NOT_FOUND', ALERT_MESSAGES.notFound);
    case 'confirmed':
      return [];
    case 'unsubscribed':
      throw new AlertRuleError('GONE', ALERT_MESSAGES.unsubscribed);
    case 'pending':
      // No expiry event: past 72 hours the link simply stops working, and a new subscription starts over.
      if (now.getTime() > Date.parse(state.expiresAt))
        throw new AlertRuleError('GONE', ALERT_MESSAGES.expired);
      return [{ type: 'JobAlertConfirmed', data: { confirmedAt: now.toISOString() } }];
    default: {
      const unknown: never = state;
      return unknown;
    }
  }
}

export function decideAlert(
  command: AlertCommand,
  state: AlertState,
  { now }: { now: Date },
): JobAlertEvent[] {
  switch (command.type) {
    case 'SubscribeToAlert':
      return subscribe(command, state, now);
    case 'ConfirmAlert':
      return confirm(state, now);
    case 'RecordDigest':
      // Only a confirmed alert gets digests, one per period: a second run of the same schedule is a no-op.
      if (state.status !== 'confirmed' || state.periodsSent.includes(command.period)) return [];
      return [
        {
          type: 'JobAlertDigestSent',
          data: {
            period: command.period,
            periodEnd: command.periodEnd,
            jobIds: command.jobIds,
            sentAt: now.toISOString(),
          },
        },
      ];
    case 'UnsubscribeFromAlert':
      if (state.status === 'none') throw new AlertRuleError('NOT_FOUND', ALERT_MESSAGES.notFound);
      if (state.status === 'unsubscribed') return [];
      return [
        { type: 'JobAlertUnsubscribed', data: { unsubscribedAt: now.toISOString(), via: command.via } },
      ];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const alertDecider: Decider<AlertCommand, JobAlertEvent, AlertState> = {
  decide: decideAlert,
  evolve: evolveAlert,
  initialState: initialAlertState,
};
