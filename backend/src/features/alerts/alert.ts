import type { AlertCriteria, AlertFrequency, JobAlertEvent } from '@jobs/contracts';

/** A job alert's state, folded from its stream `alert-{alertId}`. */
export type AlertState =
  | { status: 'none' }
  | {
      status: 'pending' | 'confirmed' | 'unsubscribed';
      alertId: string;
      email: string;
      userId: string | null;
      criteria: AlertCriteria;
      frequency: AlertFrequency;
      subscribedAt: string;
      /** The confirmation link of the latest subscription works until then. */
      expiresAt: string;
      confirmedAt: string | null;
      /** The end of the period of the latest digest (the next one lists jobs seen after it). */
      lastPeriodEnd: string | null;
      lastDigestAt: string | null;
      periodsSent: readonly string[];
    };

export const initialAlertState = (): AlertState => ({ status: 'none' });

export function evolveAlert(state: AlertState, event: JobAlertEvent): AlertState {
  switch (event.type) {
    case 'JobAlertSubscribed': {
      const d = event.data;
      const earlier = state.status === 'none' ? null : state;
      return {
        status: 'pending',
        alertId: d.alertId,
        email: d.email,
        userId: d.userId,
        criteria: d.criteria,
        frequency: d.frequency,
        subscribedAt: d.subscribedAt,
        expiresAt: d.expiresAt,
        confirmedAt: null,
        // A resubscription does not resend jobs already mailed.
        lastPeriodEnd: earlier?.lastPeriodEnd ?? null,
        lastDigestAt: earlier?.lastDigestAt ?? null,
        periodsSent: earlier?.periodsSent ?? [],
      };
    }
    case 'JobAlertConfirmed':
      return state.status === 'none'
        ? state
        : { ...state, status: 'confirmed', confirmedAt: event.data.confirmedAt };
    case 'JobAlertDigestSent':
      return state.status === 'none'
        ? state
        : {
            ...state,
            lastPeriodEnd: event.data.periodEnd,
            lastDigestAt: event.data.sentAt,
            periodsSent: [...state.periodsSent, event.data.period],
          };
    case 'JobAlertUnsubscribed':
      return state.status === 'none' ? state : { ...state, status: 'unsubscribed' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
