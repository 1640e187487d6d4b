import { Card, CardContent, Typography } from '@mui/material';

/** One big number with its label. */
export function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} aria-label={label}>
          {typeof value === 'number' ? value.toLocaleString() : value}
        </Typography>
      </CardContent>
    </Card>
  );
}
