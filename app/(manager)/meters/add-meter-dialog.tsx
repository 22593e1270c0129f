'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionsSelect, type SelectOption } from '@/components/ui/options-select';
import { useTRPC } from '@/lib/trpc/react';
import { checkWithSchema } from '@/lib/schema-check';
import { CreateMeterInput, MAX_SERIAL_NUMBER } from '@/server/api/schemas/meters';
import { describeError, errorsByPath, fieldErrors } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { METER_TYPES, type MeterType } from '@/app/portal/meters/meter-format';
import { DECIMAL_OPTIONS } from './edit-meter-dialog';

const COMMON = 'common';
const TYPES = Object.keys(METER_TYPES) as MeterType[];

/** Adds a meter to an apartment, or one common to the building; the unit follows from the type. */
export function AddMeterDialog({
  open,
  onOpenChange,
  buildingId,
  apartments,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buildingId: string;
  apartments: Array<{ id: string; number: string }>;
  /** Told what was added ("Meter CW-1 has been added."), e.g. for a notice on the page. */
  onAdded?: (message: string) => void;
}) {
  const words = useErrorWords();
  const t = useTranslations('MeterDialogs');
  const meters = useTranslations('Meters');
  const fieldT = useTranslations('FieldErrors');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.meters.create.mutationOptions());
  const [apartmentId, setApartmentId] = useState(COMMON);
  const [type, setType] = useState<MeterType>('cold_water');
  const [serialNumber, setSerialNumber] = useState('');
  const [decimals, setDecimals] = useState('3');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const input = { buildingId, apartmentId: apartmentId === COMMON ? null : apartmentId, type, serialNumber: serialNumber.trim(), decimals: Number(decimals) };
    // The server's own schema, keyed by its paths as its 422 is; the empty serial number in the form's words.
    const found: Record<string, string> = checkWithSchema(CreateMeterInput, input, fieldT).errors ?? {};
    if (!input.serialNumber) found.serialNumber = t('serialMissing');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    create.mutate(
      input,
      {
        onSuccess: ({ data }) => {
          void queryClient.invalidateQueries(trpc.meters.list.pathFilter());
          onAdded?.(t('added', { serial: data.serialNumber }));
          setSerialNumber('');
          onOpenChange(false);
        },
        onError: (failure) => {
          const byPath = errorsByPath(fieldErrors(failure), words);
          if (Object.keys(byPath).length) setErrors(byPath);
          else setFormError(`${t('addFailed')} ${describeError(failure, words)}`);
        },
      },
    );
  }

  const apartmentOptions: SelectOption[] = [
    { value: COMMON, label: t('commonOption') },
    ...apartments.map((a) => ({ value: a.id, label: t('apartmentOption', { number: a.number }) })),
  ];

  return (
    <Dialog open={open} onOpenChange={(next) => (create.isPending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('addTitle')}</DialogTitle>
          <DialogDescription>{t('addText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5">
          {formError && <ErrorAlert>{formError}</ErrorAlert>}
          <FormField label={t('apartment')} error={errors.apartmentId}>
            <OptionsSelect value={apartmentId} onChange={setApartmentId} options={apartmentOptions} />
          </FormField>
          <FormField label={t('type')} error={errors.type}>
            <OptionsSelect value={type} onChange={(v) => setType(v as MeterType)} options={TYPES.map((type) => ({ value: type, label: meters(`types.${type}`) }))} />
          </FormField>
          <FormField label={t('serialNumber')} error={errors.serialNumber}>
            <Input name="serialNumber" autoComplete="off" maxLength={MAX_SERIAL_NUMBER} value={serialNumber} onChange={(event) => setSerialNumber(event.target.value)} />
          </FormField>
          <FormField label={t('decimals')} description={t('decimalsHint')} error={errors.decimals}>
            <OptionsSelect value={decimals} onChange={setDecimals} options={DECIMAL_OPTIONS} />
          </FormField>
          <DialogActions label={t('add')} pendingLabel={t('adding')} pending={create.isPending} compact />
        </form>
      </DialogContent>
    </Dialog>
  );
}
