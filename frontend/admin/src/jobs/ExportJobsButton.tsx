import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useListContext } from 'react-admin';
import { exportHref } from '../export/exportHref';

/** Downloads the jobs with the list's current filters, as CSV (streamed by the server). */
export function ExportJobsButton() {
  const { filterValues } = useListContext();
  return (
    <Button size="small" startIcon={<DownloadIcon />} href={exportHref('jobs', 'csv', filterValues)} download>
      Export CSV
    </Button>
  );
}
