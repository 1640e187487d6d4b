import { describe, it } from 'vitest';
import type { ReportEvent } from '@jobs/contracts';
import { given } from '../../commands/testing';
import { NoOpenReports, reportsDecider } from './decide';

const now = new Date('2026-03-02T10:00:00.000Z');
const at = now.toISOString();

function reported(reportId: string): ReportEvent {
  return {
    type: 'JobReported',
    data: {
      reportId,
      jobId: 'j-1',
      reason: 'not-remote',
      note: 'Says on-site in the text',
      reporterId: null,
      addressHash: 'h',
      reportedAt: at,
    },
  };
}

describe('job reports decider', () => {
  it('records a report as JobReported, signed in or not', () => {
    given(reportsDecider)
      .when(
        {
          type: 'ReportJob',
          reportId: 'r-1',
          jobId: 'j-1',
          reason: 'not-remote',
          note: 'Says on-site in the text',
          reporterId: null,
          addressHash: 'h',
        },
        { now },
      )
      .then([reported('r-1')]);
  });

  it('dismisses every open report of the job, and only those', () => {
    const dismissedFirst: ReportEvent = {
      type: 'JobReportsDismissed',
      data: { jobId: 'j-1', reportIds: ['r-1'], dismissedAt: at },
    };
    given(reportsDecider, [reported('r-1'), reported('r-2')])
      .when({ type: 'DismissReports', jobId: 'j-1' }, { now })
      .then([
        { type: 'JobReportsDismissed', data: { jobId: 'j-1', reportIds: ['r-1', 'r-2'], dismissedAt: at } },
      ]);
    given(reportsDecider, [reported('r-1'), dismissedFirst, reported('r-2')])
      .when({ type: 'ResolveReports', jobId: 'j-1', resolution: 'removed', detail: 'Scam' }, { now })
      .then([
        {
          type: 'JobReportsResolved',
          data: { jobId: 'j-1', reportIds: ['r-2'], resolution: 'removed', detail: 'Scam', resolvedAt: at },
        },
      ]);
  });

  it('refuses to handle a job whose reports are all handled (409)', () => {
    const dismissed: ReportEvent = {
      type: 'JobReportsDismissed',
      data: { jobId: 'j-1', reportIds: ['r-1'], dismissedAt: at },
    };
    given(reportsDecider, [reported('r-1'), dismissed])
      .when({ type: 'DismissReports', jobId: 'j-1' }, { now })
      .thenThrows(NoOpenReports);
    given(reportsDecider)
      .when({ type: 'ResolveReports', jobId: 'j-1', resolution: 'corrected', detail: 'x' }, { now })
      .thenThrows(NoOpenReports);
  });
});
