'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { RefObject } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useTRPC } from '@/lib/trpc/react';
import { BuildingForm, buildingFormValues, type BuildingInput } from './building-form';

const FIELDS = [
  'name',
  'address',
  'city',
  'postalCode',
  'readingWindowStartDay',
  'readingWindowEndDay',
  'penaltyRatePerDay',
  'iban',
  'bankRecipient',
] as const;

/**
 * Name, address, city, postal code and optionally the reading window, penalty interest and bank account;
 * opens the new building's page when added.
 */
export function AddBuildingDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const t = useTranslations('Buildings');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const create = useMutation(trpc.buildings.create.mutationOptions());

  function submit(input: BuildingInput, fail: (error: unknown) => void) {
    create.mutate(
      { ...input, name: input.name ?? '', address: input.address ?? '' },
      {
        onSuccess: ({ data }) => {
          queryClient.setQueryData(trpc.buildings.get.queryKey({ id: data.id }), { data });
          void queryClient.invalidateQueries(trpc.buildings.list.pathFilter());
          router.push(`/buildings/${data.id}`);
        },
        onError: fail,
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && create.isPending) return;
        if (next) create.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('addTitle')}</DialogTitle>
          <DialogDescription>{t('addText')}</DialogDescription>
        </DialogHeader>
        <BuildingForm
          fields={FIELDS}
          initial={buildingFormValues()}
          pending={create.isPending || create.isSuccess}
          submitLabel={t('addBuilding')}
          pendingLabel={t('adding')}
          failureMessage={t('addFailed')}
          onSubmit={submit}
        />
      </DialogContent>
    </Dialog>
  );
}
