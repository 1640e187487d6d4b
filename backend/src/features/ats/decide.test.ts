import { describe, it } from 'vitest';
import type { AtsSourceEvent, DiscoveredCompanyEvent, DiscoveredCompanyFound } from '@jobs/contracts/ats';
import { given } from '../../commands/testing';
import { atsSourceDecider, AtsSourceExistsError, AtsSourceNotFoundError } from './decide';
import { discoveredCompanyDecider, DiscoveredCompanyDecidedError } from './discovered';

const now = new Date('2026-03-01T10:00:00.000Z');
const at = now.toISOString();
const added: AtsSourceEvent = {
  type: 'AtsSourceAdded',
  data: {
    atsSourceId: 's1',
    kind: 'lever',
    board: 'acme',
    company: 'Acme',
    intervalMinutes: 60,
    ingestionSourceId: 's1',
    baseUrl: null,
    addedAt: at,
  },
};

describe('ATS source decider', () => {
  it('adds a source once', () => {
    const { addedAt: _addedAt, ...fields } = added.data as Extract<
      AtsSourceEvent,
      { type: 'AtsSourceAdded' }
    >['data'];
    const command = { type: 'AddAtsSource' as const, ...fields };
    given(atsSourceDecider).when(command, { now }).then([added]);
    given(atsSourceDecider, [added]).when(command, { now }).thenThrows(AtsSourceExistsError);
  });

  it('pauses and resumes, and says nothing when already so', () => {
    given(atsSourceDecider, [added])
      .when({ type: 'PauseAtsSource', atsSourceId: 's1' }, { now })
      .then([{ type: 'AtsSourcePaused', data: { atsSourceId: 's1', pausedAt: at } }]);
    given(atsSourceDecider, [added]).when({ type: 'ResumeAtsSource', atsSourceId: 's1' }, { now }).then([]);
    given(atsSourceDecider)
      .when({ type: 'PauseAtsSource', atsSourceId: 's1' }, { now })
      .thenThrows(AtsSourceNotFoundError);
  });

  it('changes the interval only when it differs', () => {
    given(atsSourceDecider, [added])
      .when({ type: 'ChangeAtsSourceInterval', atsSourceId: 's1', intervalMinutes: 60 }, { now })
      .then([]);
    given(atsSourceDecider, [added])
      .when({ type: 'ChangeAtsSourceInterval', atsSourceId: 's1', intervalMinutes: 30 }, { now })
      .then([
        { type: 'AtsSourceIntervalChanged', data: { atsSourceId: 's1', intervalMinutes: 30, changedAt: at } },
      ]);
  });
});

describe('discovered company decider', () => {
  const found: Omit<DiscoveredCompanyFound, 'foundAt'> = {
    discoveredId: 'd1',
    candidate: 'acme.io',
    kind: 'ashby',
    board: 'acme',
    company: 'acme',
    baseUrl: null,
    jobCount: 3,
    sampleTitles: ['Designer'],
  };
  const foundEvent: DiscoveredCompanyEvent = {
    type: 'DiscoveredCompanyFound',
    data: { ...found, foundAt: at },
  };
  const rejected: DiscoveredCompanyEvent = {
    type: 'DiscoveredCompanyRejected',
    data: { discoveredId: 'd1', rejectedAt: at },
  };

  it('records a find, and the same find again changes nothing', () => {
    given(discoveredCompanyDecider)
      .when({ type: 'RecordDiscoveredCompany', found }, { now })
      .then([foundEvent]);
    given(discoveredCompanyDecider, [foundEvent])
      .when({ type: 'RecordDiscoveredCompany', found }, { now })
      .then([]);
  });

  it('never proposes a rejected board again', () => {
    given(discoveredCompanyDecider, [foundEvent, rejected])
      .when({ type: 'RecordDiscoveredCompany', found: { ...found, jobCount: 9 } }, { now })
      .then([]);
    given(discoveredCompanyDecider, [foundEvent, rejected])
      .when({ type: 'ApproveDiscoveredCompany', discoveredId: 'd1', atsSourceId: 's1' }, { now })
      .thenThrows(DiscoveredCompanyDecidedError);
  });
});
