import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { useSaveSearch } from '../api/saved-searches';
import { suggestedName, type SavedFilters } from '../filters';

export interface SaveSearchDialogProps {
  filters: SavedFilters;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The name prompt behind 'Save search' (loaded on first use); the name starts as a summary of the filters. */
export function SaveSearchDialog({ filters, open, onOpenChange }: SaveSearchDialogProps) {
  const [name, setName] = useState(() => suggestedName(filters));
  const save = useSaveSearch({ onSuccess: () => onOpenChange(false) });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ name: name.trim() || suggestedName(filters), filters });
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Save search</Dialog.Title>
          <Dialog.Description className="mt-1 mb-4 text-sm text-slate-600">
            Keep these filters to run the search again from your profile.
          </Dialog.Description>
          <form onSubmit={submit} className="flex flex-col gap-4">
            <FormField label="Name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
