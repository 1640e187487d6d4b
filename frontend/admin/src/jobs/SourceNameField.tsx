import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

/**
 * The job's ingestion source by the name the dashboard shows, not its id (the id is on hover, and on the show
 * page as 'Source id'). `source` lets a list sort the column (the API sorts it by name).
 */
export function SourceNameField(_props: { source?: 'source'; label?: string }) {
  const record = useRecordContext<{ source?: string; sourceName?: string | null }>();
  if (!record) return null;
  return (
    <Typography variant="body2" component="span" title={record.source} data-testid="job-source-name">
      {record.sourceName ?? record.source ?? '—'}
    </Typography>
  );
}
