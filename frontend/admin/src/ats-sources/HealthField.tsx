import { Chip, Tooltip, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/**
 * The source's health as the API derives it (docs/ats.md, "A failing board"): from its failed syncs in a row,
 * or 'not-run' while it has never been synced at all (a new or starter source is not known to be healthy).
 */
export type SourceHealth = 'healthy' | 'failing' | 'unhealthy' | 'not-run';
/** Why a source has not run yet: paused, no sync bot running, or waiting for the one that runs. */
export type NotRunReason = 'paused' | 'bot-off' | 'waiting';

export const HEALTH_CHOICES: { id: SourceHealth; name: string }[] = [
  { id: 'healthy', name: 'Healthy' },
  { id: 'failing', name: 'Failing' },
  { id: 'unhealthy', name: 'Unhealthy' },
  { id: 'not-run', name: 'Not run yet' },
];

interface HealthRecord {
  health?: SourceHealth;
  failingSince?: string | null;
  consecutiveFailures?: number;
  lastError?: string | null;
  lastSuccessAt?: string | null;
  notRunReason?: NotRunReason;
  botLastSeenAt?: string | null;
  nextRunAt?: string | null;
}

const when = (iso: string) => new Date(iso).toLocaleString();

const START_BOT = 'start it with npm run bot, or run the server with RUN_BOT=true';

function notRunLabel(r: HealthRecord): string {
  switch (r.notRunReason) {
    case 'paused':
      return 'Not run yet: paused';
    case 'waiting':
      return r.nextRunAt && Date.parse(r.nextRunAt) > Date.now()
        ? `Not run yet: due ${when(r.nextRunAt)}`
        : 'Not run yet: the sync bot will pull it within a minute';
    default:
      return 'Not run yet: the sync bot is not running';
  }
}

/** What to do about it, or null when nothing is needed. */
export function healthHint(r: HealthRecord): string | null {
  if (r.health === 'not-run' && r.notRunReason === 'bot-off')
    return r.botLastSeenAt
      ? `No sync bot has run since ${when(r.botLastSeenAt)}: ${START_BOT}.`
      : `No sync bot has run on this database: ${START_BOT}.`;
  if ((r.health === 'failing' || r.health === 'unhealthy') && r.lastError)
    return `Last error: ${r.lastError}`;
  return null;
}

/**
 * 'Not run yet: the sync bot is not running', 'Unhealthy since {date} (3 failed syncs in a row)', 'Never synced:
 * cannot reach the board (network error)', or 'Healthy' once a sync succeeded and none failed since.
 */
export function healthLabel(r: HealthRecord): string {
  if (r.health === 'not-run') return notRunLabel(r);
  if (r.health === 'unhealthy' || r.health === 'failing') {
    const n = r.consecutiveFailures ?? 0;
    const times = n ? ` (${n} failed sync${n === 1 ? '' : 's'} in a row)` : '';
    if (!r.lastSuccessAt) {
      const why = /^Network error/i.test(r.lastError ?? '')
        ? 'cannot reach the board (network error)'
        : 'every sync failed';
      return `Never synced: ${why}${times}`;
    }
    const what = r.health === 'unhealthy' ? 'Unhealthy' : 'Failing';
    const since = r.failingSince ? ` since ${when(r.failingSince)}` : '';
    return `${what}${since}${times}`;
  }
  return 'Healthy';
}

const COLOR = {
  healthy: 'success',
  failing: 'warning',
  unhealthy: 'error',
  'not-run': 'default',
} as const satisfies Record<SourceHealth, string>;

export function HealthField({ withError = false }: { label?: string; withError?: boolean }) {
  const record = useRecordContext<HealthRecord & { id: string }>();
  if (!record) return null;
  const label = healthLabel(record);
  const botOff = record.health === 'not-run' && record.notRunReason === 'bot-off';
  const color = botOff ? 'warning' : COLOR[record.health ?? 'healthy'];
  const chip = (
    <Chip
      size="small"
      color={color}
      variant={record.health === 'not-run' ? 'outlined' : 'filled'}
      label={label}
      data-testid="ats-source-health"
    />
  );
  const hint = healthHint(record);
  if (!hint) return chip;
  return withError ? (
    <span>
      {chip}{' '}
      <Typography variant="body2" component="span" data-testid="ats-source-health-error">
        {hint}
      </Typography>
    </span>
  ) : (
    <Tooltip title={hint}>{chip}</Tooltip>
  );
}
