import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Live jobs per value, as horizontal bars (the longest first). */
export function BreakdownChart({ data }: { data: { key: string; count: number }[] }) {
  if (data.length === 0) return <p>No live jobs</p>;
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, data.length * 28 + 40)}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} fontSize={12} />
        <YAxis type="category" dataKey="key" width={120} fontSize={12} />
        <Tooltip />
        <Bar dataKey="count" name="Live jobs" fill="#4f46e5" radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
