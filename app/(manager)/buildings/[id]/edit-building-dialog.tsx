'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef, useState, type ReactElement, type RefObject } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useTRPC } from '@/lib/trpc/react';
import { BUILDING_FIELDS, BuildingForm, buildingFormValues, type BuildingInput } from '../building-form';
import type { Building } from '../types';

/** Name, address and billing settings of a building; the server's 422 errors appear at their fields. */
export function EditBuildingDialog({
  building,
  onSaved,
  noticeRef,
  children,
}: {
  building: Building;
  onSaved: () => void;
  noticeRef: RefObject<HTMLElement | null>;
  children: ReactElement;
}) {
  const t = useTranslations('Building');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const saved = useRef(false);
  const update = useMutation(trpc.buildings.update.mutationOptions());

  function submit(input: BuildingInput, fail: (error: unknown) => void) {
    update.mutate(
      { id: building.id, ...input },
      {
        onSuccess: ({ data }) => {
          queryClient.setQueryData(trpc.buildings.get.queryKey({ id: building.id }), { data });
          void queryClient.invalidateQueries(trpc.buildings.list.pathFilter());
          saved.current = true;
          onSaved();
          setOpen(false);
        },
        onError: fail,
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && update.isPending) return;
        if (next) {
          update.reset();
          saved.current = false;
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          if (!saved.current) return;
          event.preventDefault();
          noticeRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('editTitle')}</DialogTitle>
          <DialogDescription>{t('editText')}</DialogDescription>
        </DialogHeader>
        <BuildingForm
          fields={BUILDING_FIELDS}
          initial={buildingFormValues(building)}
          pending={update.isPending}
          submitLabel={t('saveChanges')}
          pendingLabel={t('saving')}
          failureMessage={t('saveFailed')}
          onSubmit={submit}
        />
      </DialogContent>
    </Dialog>
  );
}
