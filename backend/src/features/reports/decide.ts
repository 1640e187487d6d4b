/**
 * Report commands: a visitor reports a job; an admin dismisses its open reports, or resolves them after
 * correcting or removing the job (those changes are job commands, features/jobs/decide.ts).
 */
import type { ReportEvent, ReportReason, ReportResolution } from '@jobs/contracts';
import type { Decider } from '../../commands/handle';
import { evolve, initialState, type ReportsState } from './reports';

export type ReportCommand =
  | {
      type: 'ReportJob';
      reportId: string;
      jobId: string;
      reason: ReportReason;
      note: string | null;
      reporterId: string | null;
      addressHash: string;
    }
  | { type: 'DismissReports'; jobId: string }
  | { type: 'ResolveReports'; jobId: string; resolution: ReportResolution; detail: string };

/** Dismissing or resolving a job with no open report: someone else handled them first. */
export class NoOpenReports extends Error {
  readonly code = 'CONFLICT';
  constructor(readonly jobId: string) {
    super('This job has no open reports');
    this.name = 'NoOpenReports';
  }
}

export function decide(command: ReportCommand, state: ReportsState, { now }: { now: Date }): ReportEvent[] {
  switch (command.type) {
    case 'ReportJob': {
      const { type: _type, ...data } = command;
      return [{ type: 'JobReported', data: { ...data, reportedAt: now.toISOString() } }];
    }
    case 'DismissReports':
      if (state.open.length === 0) throw new NoOpenReports(command.jobId);
      return [
        {
          type: 'JobReportsDismissed',
          data: { jobId: command.jobId, reportIds: state.open, dismissedAt: now.toISOString() },
        },
      ];
    case 'ResolveReports':
      if (state.open.length === 0) throw new NoOpenReports(command.jobId);
      return [
        {
          type: 'JobReportsResolved',
          data: {
            jobId: command.jobId,
            reportIds: state.open,
            resolution: command.resolution,
            detail: command.detail,
            resolvedAt: now.toISOString(),
          },
        },
      ];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown report command ${JSON.stringify(unknown)}`);
    }
  }
}

export const reportsDecider: Decider<ReportCommand, ReportEvent, ReportsState> = {
  decide,
  evolve,
  initialState,
};
