import { Bookmark } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import type { User } from '../../../types/api';
import { SavedSearchesList } from '../../saved-searches';

export interface SavedSearchesSectionProps {
  user: User;
}

/**
 * The user's saved searches (GET /api/saved-searches): apply or delete each.
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
        <SavedSearchesList />
      </CardContent>
    </Card>
  );
}
