import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@jobs/contracts/report-reasons';
import { toast } from '../../../components/ui/toast';
import { apiJson, getServerMessage } from '../../../lib/api-client';

export const REPORT_FAILED_FALLBACK = 'Failed to send your report. Please try again.';
export const REPORT_SENT_FALLBACK = "Thanks. We'll review this job.";

export interface ReportJobInput {
  /** The job's public id or slug. */
  identifier: string | number;
  reason: ReportReason;
  note: string;
}

export const reportJob = ({ identifier, reason, note }: ReportJobInput) =>
  apiJson<{ id: string; message: string }>(
    'POST',
    `/api/jobs/${encodeURIComponent(String(identifier))}/reports`,
    { reason, note: note.trim() || null },
  );

/** POST /api/jobs/{identifier}/reports with a success toast, or a destructive one with the server's message. */
export function useReportJob(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: reportJob,
    onSuccess: (answer) => {
      toast({ title: 'Report sent', description: answer?.message || REPORT_SENT_FALLBACK });
      options.onSuccess?.();
    },
    onError: (error) => {
      toast({
        title: 'Failed to send report',
        description: getServerMessage(error, REPORT_FAILED_FALLBACK),
        variant: 'destructive',
      });
    },
  });
}
