'use client';

import { useMutation } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useErrorWords } from '@/lib/error-text';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckedForm } from '@/components/ui/checked-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { useTRPC } from '@/lib/trpc/react';
import type { Apartment } from '../types';
import { APARTMENT_FIELDS, apartmentFailure, apartmentValues, checkApartment, type ApartmentField } from './apartment-fields';

/** The fields with a hint under them (Apartments.hint.<field>). */
const HINTED: readonly ApartmentField[] = ['number', 'area', 'residentsCount'];

/** Adds one apartment; a number the building already has is refused at the field (409). */
export function AddApartmentDialog({
  buildingId,
  onAdded,
  focusAfterAdd,
}: {
  buildingId: string;
  onAdded: (apartment: Apartment) => void;
  focusAfterAdd: () => HTMLElement | null;
}) {
  const t = useTranslations('Apartments');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const added = useRef(false);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        if (next) added.current = false;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button className="flex-1 sm:flex-none">
          <PlusIcon aria-hidden="true" />
          {t('add')}
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!added.current) return;
          event.preventDefault();
          focusAfterAdd()?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('addTitle')}</DialogTitle>
          <DialogDescription>{t('addText')}</DialogDescription>
        </DialogHeader>
        <AddApartmentForm
          buildingId={buildingId}
          onPendingChange={setPending}
          onAdded={(apartment) => {
            added.current = true;
            onAdded(apartment);
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function AddApartmentForm({
  buildingId,
  onAdded,
  onPendingChange,
}: {
  buildingId: string;
  onAdded: (apartment: Apartment) => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const fieldT = useTranslations('FieldErrors');
  const words = useErrorWords();
  const t = useTranslations('Apartments');
  const trpc = useTRPC();
  const [values, setValues] = useState(apartmentValues);
  const { errors, formError, fail, clear, ref, bindEach } = useFieldErrors(APARTMENT_FIELDS);
  const bound = bindEach(values, setValues);
  const create = useMutation(trpc.buildings.createApartment.mutationOptions());

  useEffect(() => onPendingChange(create.isPending), [create.isPending, onPendingChange]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const { input, errors: found } = checkApartment(values, t, fieldT);
    if (!input) return fail(found);
    clear();
    create.mutate(
      { id: buildingId, ...input },
      {
        onSuccess: ({ data }) => onAdded(data),
        onError: (error) => {
          const failure = apartmentFailure(error, t('addFailed'), values.number, t, words);
          fail(failure.errors, failure.formError);
        },
      },
    );
  }

  return (
    <CheckedForm onSubmit={submit} formError={!create.isPending && formError} errorRef={ref('form')}>
      <div className="grid grid-cols-2 gap-4">
        {APARTMENT_FIELDS.map((field) => (
          <FormField
            key={field}
            label={field === 'number' ? t('numberRequired') : field === 'area' ? t('areaRequired') : t(`fields.${field}`)}
            description={HINTED.includes(field) ? t(`hint.${field}`) : undefined}
            error={errors[field]}
            className={field === 'number' || field === 'residentsCount' ? 'col-span-2' : undefined}
          >
            <Input
              {...bound(field)}
              autoComplete="off"
              inputMode={field === 'number' ? 'text' : field === 'area' ? 'decimal' : 'numeric'}
              required={field === 'number' || field === 'area'}
              maxLength={field === 'number' ? 20 : 12}
            />
          </FormField>
        ))}
      </div>
      <DialogActions label={t('add')} pendingLabel={t('adding')} pending={create.isPending} compact />
    </CheckedForm>
  );
}
