import { describe, expect, it } from 'vitest';
import type { AlertCriteria, JobAlertEvent } from '@jobs/contracts';
import { given } from '../../commands/testing';
import { AlertRuleError, alertDecider, type AlertCommand } from './decide';

const now = new Date('2026-03-02T10:00:00.000Z');
const criteria: AlertCriteria = {
  title: 'Engineer',
  location: null,
  experienceLevel: 'Senior',
  type: null,
  salary: null,
  isRemote: true,
};
const subscribe: AlertCommand = {
  type: 'SubscribeToAlert',
  alertId: 'a-1',
  email: 'ada@example.com',
  userId: null,
  criteria,
  frequency: 'daily',
  addressVerified: false,
};
const subscribed = (at: Date): JobAlertEvent => ({
  type: 'JobAlertSubscribed',
  data: {
    alertId: 'a-1',
    email: 'ada@example.com',
    userId: null,
    criteria,
    frequency: 'daily',
    subscribedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + 72 * 3600_000).toISOString(),
  },
});
const confirmed: JobAlertEvent = { type: 'JobAlertConfirmed', data: { confirmedAt: now.toISOString() } };
const digest = (period: string): JobAlertEvent => ({
  type: 'JobAlertDigestSent',
  data: { period, periodEnd: '2026-03-02T00:00:00.000Z', jobIds: ['j1'], sentAt: now.toISOString() },
});
const unsubscribed: JobAlertEvent = {
  type: 'JobAlertUnsubscribed',
  data: { unsubscribedAt: now.toISOString(), via: 'one-click' },
};

describe('job alert decider', () => {
  it('subscribing starts a double opt-in that expires after 72 hours', () => {
    given(alertDecider)
      .when(subscribe, { now })
      .then([subscribed(now)]);
  });

  it('subscribing again while pending restarts the opt-in (the confirmation is sent again)', () => {
    const later = new Date(now.getTime() + 3600_000);
    given(alertDecider, [subscribed(now)])
      .when(subscribe, { now: later })
      .then([subscribed(later)]);
  });

  it('subscribing again once confirmed changes nothing: no duplicate', () => {
    given(alertDecider, [subscribed(now), confirmed])
      .when(subscribe, { now })
      .then([]);
  });

  it('a signed-in owner of the verified address needs no opt-in mail', () => {
    given(alertDecider)
      .when({ ...subscribe, addressVerified: true }, { now })
      .then([subscribed(now), confirmed]);
  });

  it('an unsubscribed alert can be subscribed again (a new opt-in)', () => {
    given(alertDecider, [subscribed(now), confirmed, unsubscribed])
      .when(subscribe, { now })
      .then([subscribed(now)]);
  });

  it('confirms a pending alert within 72 hours, once', () => {
    given(alertDecider, [subscribed(now)])
      .when({ type: 'ConfirmAlert' }, { now })
      .then([confirmed]);
    given(alertDecider, [subscribed(now), confirmed])
      .when({ type: 'ConfirmAlert' }, { now })
      .then([]);
  });

  it('refuses a confirmation past 72 hours, of an unsubscribed alert, or of none', () => {
    const late = new Date(now.getTime() + 72 * 3600_000 + 1);
    given(alertDecider, [subscribed(now)])
      .when({ type: 'ConfirmAlert' }, { now: late })
      .thenThrows((e) => e instanceof AlertRuleError && e.code === 'GONE');
    given(alertDecider, [subscribed(now), confirmed, unsubscribed])
      .when({ type: 'ConfirmAlert' }, { now })
      .thenThrows((e) => e instanceof AlertRuleError && e.code === 'GONE');
    given(alertDecider)
      .when({ type: 'ConfirmAlert' }, { now })
      .thenThrows((e) => e instanceof AlertRuleError && e.code === 'NOT_FOUND');
  });

  it('records one digest per period, only for a confirmed alert', () => {
    const record: AlertCommand = {
      type: 'RecordDigest',
      period: '2026-03-01',
      periodEnd: '2026-03-02T00:00:00.000Z',
      jobIds: ['j1'],
    };
    given(alertDecider, [subscribed(now), confirmed])
      .when(record, { now })
      .then([digest('2026-03-01')]);
    given(alertDecider, [subscribed(now), confirmed, digest('2026-03-01')])
      .when(record, { now })
      .then([]);
    given(alertDecider, [subscribed(now)])
      .when(record, { now })
      .then([]);
    given(alertDecider, [subscribed(now), confirmed, unsubscribed])
      .when(record, { now })
      .then([]);
  });

  it('unsubscribes a pending or confirmed alert once; an unknown one is not found', () => {
    const command: AlertCommand = { type: 'UnsubscribeFromAlert', via: 'one-click' };
    given(alertDecider, [subscribed(now), confirmed])
      .when(command, { now })
      .then([unsubscribed]);
    given(alertDecider, [subscribed(now)])
      .when(command, { now })
      .then([unsubscribed]);
    given(alertDecider, [subscribed(now), confirmed, unsubscribed])
      .when(command, { now })
      .then([]);
    given(alertDecider).when(command, { now }).thenThrows(AlertRuleError);
  });

  it('a resubscription keeps the last digest period, so jobs already mailed are not mailed again', () => {
    const state = [subscribed(now), confirmed, digest('2026-03-01'), unsubscribed, subscribed(now)].reduce(
      (s, e) => alertDecider.evolve(s, e),
      alertDecider.initialState(),
    );
    expect(state).toMatchObject({
      status: 'pending',
      lastPeriodEnd: '2026-03-02T00:00:00.000Z',
      periodsSent: ['2026-03-01'],
    });
  });
});
