import { useNavigate } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteSavedSearch, useMarkSavedSearchUsed, useSavedSearches } from '../api/saved-searches';
import { feedUrlOf, suggestedName } from '../filters';

/** The signed-in user's saved searches (for /profile): Apply opens the feed with the filters and records the use. */
export function SavedSearchesList() {
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const markUsed = useMarkSavedSearchUsed();
  const navigate = useNavigate();
  if (searches.isPending) return <Spinner />;
  if (searches.isError) return <p className="text-sm text-red-700">Could not load your saved searches.</p>;
  if (!searches.data?.length)
    return <p className="text-sm text-slate-600">You have no saved searches yet.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Your saved searches">
      {searches.data.map((search) => (
        <li key={search.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{search.name}</p>
            <p className="text-sm text-slate-600">{suggestedName(search.filters)}</p>
          </div>
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => {
                markUsed.mutate(search.id);
                void navigate(feedUrlOf(search.filters));
              }}
            >
              Apply
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending && remove.variables === search.id}
              onClick={() => remove.mutate(search.id)}
            >
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
