import { Bookmark } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { User } from '../../../types/api';

export interface SavedSearchesSectionProps {
  user: User;
}

/**
 * The user's saved searches. A placeholder until saved searches land with job alerts (issue 7),
 * which replaces the content with the list from GET /api/saved-searches.
 */
export function SavedSearchesSection(_props: SavedSearchesSectionProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Bookmark aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Saved searches
        </CardTitle>
        <CardDescription>Searches you saved to run again.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-slate-600">
          Your saved searches will be listed here once saved searches are available.
        </p>
      </CardContent>
    </Card>
  );
}
