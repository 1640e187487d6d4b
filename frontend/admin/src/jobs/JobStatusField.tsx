import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';

/** Live or removed, as a coloured chip. */
export function JobStatusField(_props: { source: 'status'; label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  const live = record.status === 'live';
  return (
    <Chip
      size="small"
      label={live ? 'Live' : 'Removed'}
      color={live ? 'success' : 'default'}
      variant={live ? 'filled' : 'outlined'}
    />
  );
}
