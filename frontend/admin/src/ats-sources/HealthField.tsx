import { Chip, Tooltip, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** The source's health as the API derives it from its failed syncs in a row (docs/ats.md, "A failing board"). */
export type SourceHealth = 'healthy' | 'failing' | 'unhealthy';

export const HEALTH_CHOICES: { id: SourceHealth; name: string }[] = [
  { id: 'healthy', name: 'Healthy' },
  { id: 'failing', name: 'Failing' },
  { id: 'unhealthy', name: 'Unhealthy' },
];

interface HealthRecord {
  health?: SourceHealth;
  failingSince?: string | null;
  consecutiveFailures?: number;
  lastError?: string | null;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** 'Unhealthy since {date}' (or 'Failing since'), the last error on hover; 'Healthy' otherwise. */
export function healthLabel(r: HealthRecord): string {
  if (r.health === 'unhealthy' || r.health === 'failing') {
    const what = r.health === 'unhealthy' ? 'Unhealthy' : 'Failing';
    const since = r.failingSince ? ` since ${when(r.failingSince)}` : '';
    const n = r.consecutiveFailures ?? 0;
    const times = n ? ` (${n} failed sync${n === 1 ? '' : 's'} in a row)` : '';
    return `${what}${since}${times}`;
  }
  return 'Healthy';
}

export function HealthField({ withError = false }: { label?: string; withError?: boolean }) {
  const record = useRecordContext<HealthRecord & { id: string }>();
  if (!record) return null;
  const label = healthLabel(record);
  const color = record.health === 'unhealthy' ? 'error' : record.health === 'failing' ? 'warning' : 'success';
  const chip = <Chip size="small" color={color} label={label} data-testid="ats-source-health" />;
  if (!record.lastError || record.health === 'healthy' || !record.health) return chip;
  return withError ? (
    <span>
      {chip}{' '}
      <Typography variant="body2" component="span" data-testid="ats-source-health-error">
        {`Last error: ${record.lastError}`}
      </Typography>
    </span>
  ) : (
    <Tooltip title={`Last error: ${record.lastError}`}>{chip}</Tooltip>
  );
}
