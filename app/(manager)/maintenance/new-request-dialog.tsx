'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CheckedForm } from '@/components/ui/checked-form';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { formFailure } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { MAX_REQUEST_DESCRIPTION, MAX_REQUEST_TITLE } from '@/server/api/schemas/maintenance';
import { useBuildings } from '../residents/apartment-directory';
import { BuildingApartmentFields, useBuildingApartmentPicker } from '../residents/building-apartment-fields';

const FIELDS = ['building', 'apartment', 'title', 'description'] as const;

/** A manager files a request for a resident who phoned in; the apartment's residents get the status mails as usual. */
export function NewRequestDialog({ open, onOpenChange, onFiled }: { open: boolean; onOpenChange: (open: boolean) => void; onFiled: (message: string) => void }) {
  const t = useTranslations('Maintenance');
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={t('newDialog.title')} description={t('newDialog.description')}>
      {({ finishWith, setBusy }) => <RequestForm onBusyChange={setBusy} onFiled={finishWith(onFiled)} />}
    </FormDialog>
  );
}

function RequestForm({ onBusyChange, onFiled }: { onBusyChange: (busy: boolean) => void; onFiled: (message: string) => void }) {
  const words = useErrorWords();
  const t = useTranslations('Maintenance');
  const trpc = useTRPC();
  const create = useMutation(trpc.maintenance.create.mutationOptions());
  const picker = useBuildingApartmentPicker(useBuildings().data?.data ?? []);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const { errors, formError, fail, clear, clearError, ref, bind } = useFieldErrors(FIELDS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const found: Partial<Record<(typeof FIELDS)[number], string>> = picker.missing();
    if (!title.trim()) found.title = t('newDialog.titleMissing');
    if (!description.trim()) found.description = t('newDialog.descriptionMissing');
    if (Object.keys(found).length) return fail(found);
    clear();
    onBusyChange(true);
    create.mutate(
      { apartmentId: picker.apartmentId, title: title.trim(), description: description.trim() },
      {
        onSettled: () => onBusyChange(false),
        onSuccess: ({ data }) => onFiled(t('newDialog.filed', { title: data.title })),
        onError: (error) => {
          const failure = formFailure(error, t('newDialog.failed'), (path) => (path === 'apartmentId' ? 'apartment' : FIELDS.find((f) => f === path)), words, ' ');
          fail(failure.errors, failure.formError);
        },
      },
    );
  }

  return (
    <CheckedForm onSubmit={submit} formError={!create.isPending && formError} errorRef={ref('form')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <BuildingApartmentFields {...picker.fieldProps({ errors, ref, clearError })} />
        <FormField label={t('newDialog.titleLabel')} error={errors.title} className="sm:col-span-2">
          <Input {...bind('title', title, setTitle)} maxLength={MAX_REQUEST_TITLE} />
        </FormField>
        <FormField label={t('newDialog.descriptionLabel')} error={errors.description} className="sm:col-span-2">
          <Textarea {...bind('description', description, setDescription)} maxLength={MAX_REQUEST_DESCRIPTION} rows={4} />
        </FormField>
      </div>
      <DialogActions label={t('newDialog.file')} pendingLabel={t('newDialog.filing')} pending={create.isPending} />
    </CheckedForm>
  );
}
