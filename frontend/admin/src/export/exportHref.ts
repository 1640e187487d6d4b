import { API } from '../dataProvider';

export type Dataset = 'jobs' | 'companies' | 'alerts' | 'users';
export type Format = 'csv' | 'json';

/** The export URL; the server streams it with a dated file name. Filters are the list's. */
export function exportHref(dataset: Dataset, format: Format, filter?: Record<string, unknown>): string {
  const active = Object.fromEntries(
    Object.entries(filter ?? {}).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  );
  const query = Object.keys(active).length ? `?filter=${encodeURIComponent(JSON.stringify(active))}` : '';
  return `${API}/export/${dataset}.${format}${query}`;
}
