/**
 * A job's reports stream `reports-{jobId}`: which reports are still open, folded from its events.
 */
import type { ReportEvent } from '@jobs/contracts';

export interface ReportsState {
  /** Ids of the reports no admin has handled yet, oldest first. */
  open: string[];
  total: number;
}

export const initialState = (): ReportsState => ({ open: [], total: 0 });

export function evolve(state: ReportsState, event: ReportEvent): ReportsState {
  switch (event.type) {
    case 'JobReported':
      return { open: [...state.open, event.data.reportId], total: state.total + 1 };
    case 'JobReportsDismissed':
    case 'JobReportsResolved': {
      const handled = new Set(event.data.reportIds);
      return { ...state, open: state.open.filter((id) => !handled.has(id)) };
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown report event ${(unknown as { type: string }).type}`);
    }
  }
}
