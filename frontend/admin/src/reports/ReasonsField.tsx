import { Chip, Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { REPORT_REASON_LABELS, type ReportReason } from '@jobs/contracts/report-reasons';

export const reasonLabel = (reason: string): string => REPORT_REASON_LABELS[reason as ReportReason] ?? reason;

/** 'Scam or spam × 2' chips: the open reports' reasons (all of them once handled). */
export function ReasonsField(_props: { label?: string }) {
  const record = useRecordContext();
  const reasons = Object.entries((record?.reasons as Record<string, number> | undefined) ?? {});
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {reasons
        .sort((a, b) => b[1] - a[1])
        .map(([reason, count]) => (
          <Chip
            key={reason}
            size="small"
            label={count > 1 ? `${reasonLabel(reason)} × ${count}` : reasonLabel(reason)}
          />
        ))}
    </Stack>
  );
}
