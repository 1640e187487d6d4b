import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';

/** Search terms and how often they were searched. */
export function TermsTable({ rows, label }: { rows: { term: string; count: number }[]; label: string }) {
  if (rows.length === 0) return <p>No searches in this period</p>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>Term</TableCell>
          <TableCell align="right">{label}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.term}>
            <TableCell sx={{ wordBreak: 'break-word' }}>{r.term}</TableCell>
            <TableCell align="right">{r.count}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
