'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
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
  const t = useTranslations('Apartments');
  const trpc = useTRPC();
  const number = apartment?.number ?? '';
  const remove = useMutation(trpc.buildings.deleteApartment.mutationOptions());

  return (
    <RemoveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('deleteTitle', { number })}
      description={t('deleteText')}
      keepLabel={t('cancel')}
      confirmLabel={t('deleteConfirm')}
      pendingLabel={t('deleting')}
      removal={remove}
      send={(callbacks) => apartment && remove.mutate({ id: buildingId, aptId: apartment.id }, callbacks)}
      removedMessage={t('deleted', { number })}
      alreadyRemovedMessage={t('alreadyDeleted', { number })}
      failure={t('deleteFailed')}
      onRemoved={(message) => apartment && onDeleted(apartment, message)}
      returnFocus={returnFocus}
      focusAfterRemoved={focusAfterDeleted}
      compact
    />
  );
}
