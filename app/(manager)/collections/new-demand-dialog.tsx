'use client';

import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CheckedForm } from '@/components/ui/checked-form';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { issuesByPath } from '@/lib/schema-check';
import { formFailure } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { CreatePaymentDemandInput } from '@/server/api/schemas/collections';
import { formatMoney } from '../invoices/format';
import { useBuildings } from '../residents/apartment-directory';
import { BuildingApartmentFields, useBuildingApartmentPicker } from '../residents/building-apartment-fields';

type Field = 'building' | 'apartment' | 'deadline';
const FIELDS: readonly Field[] = ['building', 'apartment', 'deadline'];
const DemandDeadline = CreatePaymentDemandInput.pick({ deadline: true });

/** Makes a payment demand for an apartment now, without waiting for the reminder schedule to run out. */
export function NewDemandDialog({ open, onOpenChange, onMade }: { open: boolean; onOpenChange: (open: boolean) => void; onMade: (message: string) => void }) {
  const t = useTranslations('Collections');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('newDialog.title')}
      description={t('newDialog.description')}
    >
      {({ finishWith, setBusy }) => <DemandForm onBusyChange={setBusy} onMade={finishWith(onMade)} />}
    </FormDialog>
  );
}

function DemandForm({ onBusyChange, onMade }: { onBusyChange: (busy: boolean) => void; onMade: (message: string) => void }) {
  const words = useErrorWords();
  const t = useTranslations('Collections');
  const locale = useLocale();
  const trpc = useTRPC();
  const create = useMutation(trpc.collections.create.mutationOptions());
  const buildings = useBuildings().data?.data ?? [];
  const picker = useBuildingApartmentPicker(buildings);
  const [deadline, setDeadline] = useState('');
  const { errors, formError, fail, clear, clearError, ref, bind } = useFieldErrors(FIELDS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const found: Partial<Record<Field, string>> = picker.missing();
    // The server's own schema for the deadline: a date that exists.
    if (issuesByPath(DemandDeadline, { deadline: deadline || undefined }).issues) found.deadline = t('newDialog.deadlineInvalid');
    if (Object.keys(found).length) return fail(found);
    clear();
    onBusyChange(true);
    create.mutate(
      { apartmentId: picker.apartmentId, deadline: deadline || undefined },
      {
        onSettled: () => onBusyChange(false),
        onSuccess: ({ data }) => onMade(t('newDialog.made', { number: data.apartmentNumber, amount: formatMoney(data.totalAmount, data.currency, locale) })),
        onError: (error) => {
          const failure = formFailure(error, t('newDialog.failed'), (path) => (path === 'apartmentId' ? 'apartment' : path === 'deadline' ? 'deadline' : undefined), words, ' ');
          fail(failure.errors, failure.formError);
        },
      },
    );
  }

  return (
    <CheckedForm onSubmit={submit} formError={!create.isPending && formError} errorRef={ref('form')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <BuildingApartmentFields {...picker.fieldProps({ errors, ref, clearError })} />
        <FormField label={t('newDialog.deadline')} error={errors.deadline} description={t('newDialog.deadlineHint')} className="sm:col-span-2">
          <Input {...bind('deadline', deadline, setDeadline)} type="date" />
        </FormField>
      </div>
      <DialogActions label={t('newDialog.make')} pendingLabel={t('newDialog.making')} pending={create.isPending} />
    </CheckedForm>
  );
}
