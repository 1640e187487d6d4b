import type pg from 'pg';

/** The jobs merged into `jobId` (its other sources), oldest first; none when the read model lacks it. */
export async function linkedJobIds(pool: pg.Pool, jobId: string): Promise<string[]> {
  const { rows } = await pool
    .query<{ job_id: string }>(
      'select job_id from job_fingerprints where merged_into = $1 order by posted_at, job_id',
      [jobId],
    )
    .catch(() => ({ rows: [] as { job_id: string }[] }));
  return rows.map((r) => r.job_id);
}
