'use client';

import { useMutation } from '@tanstack/react-query';
import { RemoveDialog } from '@/components/ui/remove-dialog';
import { useTRPC } from '@/lib/trpc/react';
import type { Apartment } from '../types';

/** Deletes an apartment, with its meters and readings, after a confirmation. */
export function DeleteApartmentDialog({
  buildingId,
  apartment,
  open,
  onOpenChange,
  onDeleted,
  returnFocus,
  focusAfterDeleted,
}: {
  buildingId: string;
  /** Stays set while the dialog animates closed, so its text does not blank out. */
  apartment: Apartment | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (apartment: Apartment, message: string) => void;
  returnFocus: () => HTMLElement | null;
  focusAfterDeleted: () => HTMLElement | null;
}) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.buildings.deleteApartment.mutationOptions());

  return (
    <RemoveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete apartment ${apartment?.number ?? ''}?`}
      description="Its meters and their readings are deleted too. Invoices already issued stay as they are. This cannot be undone."
      keepLabel="Cancel"
      confirmLabel="Delete apartment"
      pendingLabel="Deleting…"
      removal={remove}
      send={(callbacks) => apartment && remove.mutate({ id: buildingId, aptId: apartment.id }, callbacks)}
      removedMessage={`Apartment ${apartment?.number} has been deleted.`}
      alreadyRemovedMessage={`Apartment ${apartment?.number} had already been deleted.`}
      failure="The apartment could not be deleted."
      onRemoved={(message) => apartment && onDeleted(apartment, message)}
      returnFocus={returnFocus}
      focusAfterRemoved={focusAfterDeleted}
      compact
    />
  );
}
