import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useUser } from '../../../lib/auth';
import type { SavedFilters } from '../filters';

const SaveSearchDialog = lazy(() =>
  import('./save-search-dialog').then((m) => ({ default: m.SaveSearchDialog })),
);

/** 'Save search' on the feed: shown to signed-in users only; the name prompt loads on the first click. */
export function SaveSearchButton({ filters }: { filters: SavedFilters }) {
  const user = useUser();
  const [open, setOpen] = useState(false);
  if (!user.data) return null;
  return (
    <>
      <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Save search
      </Button>
      {open && (
        <Suspense fallback={null}>
          {/* Mounted per opening, so the suggested name follows the current filters. */}
          <SaveSearchDialog filters={filters} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
