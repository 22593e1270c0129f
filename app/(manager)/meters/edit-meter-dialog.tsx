'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { useTRPC } from '@/lib/trpc/react';
import { checkWithSchema } from '@/lib/schema-check';
import { MAX_METER_UNIT, MAX_SERIAL_NUMBER, UpdateMeterInput } from '@/server/api/schemas/meters';
import { describeError, errorCode, errorsByPath, fieldErrors } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { refreshBuildingMeters, type MeterDialogProps } from './building-meters';

export const DECIMAL_OPTIONS = ['0', '1', '2', '3'].map((d) => ({ value: d, label: d }));

type Errors = Partial<Record<'serialNumber' | 'unit' | 'decimals', string>>;

/**
 * Corrects a meter's serial number, unit or register decimals; only what changed is sent. The dialog is
 * mounted per meter (keyed by the caller), so it starts from the meter's current values.
 */
export function EditMeterDialog({
  meter,
  label,
  open,
  onOpenChange,
  onSaved,
  returnFocus,
}: MeterDialogProps & { onSaved: (message: string) => void }) {
  const words = useErrorWords();
  const t = useTranslations('MeterDialogs');
  const fieldT = useTranslations('FieldErrors');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.meters.update.mutationOptions());
  const [serialNumber, setSerialNumber] = useState(meter.serialNumber);
  const [unit, setUnit] = useState(meter.unit);
  const [decimals, setDecimals] = useState(String(meter.decimals));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    // The server's own schema, keyed by its paths as its 422 is; empty fields in the form's words.
    const found: Errors = checkWithSchema(UpdateMeterInput, { id: meter.id, serialNumber: serialNumber.trim(), unit: unit.trim(), decimals: Number(decimals) }, fieldT).errors ?? {};
    if (!serialNumber.trim()) found.serialNumber = t('serialMissing');
    if (!unit.trim()) found.unit = t('unitMissing');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;

    const changes = {
      ...(serialNumber.trim() !== meter.serialNumber ? { serialNumber: serialNumber.trim() } : {}),
      ...(unit.trim() !== meter.unit ? { unit: unit.trim() } : {}),
      ...(Number(decimals) !== meter.decimals ? { decimals: Number(decimals) } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { id: meter.id, ...changes },
      {
        onSuccess: ({ data }) => {
          void refreshBuildingMeters(queryClient, trpc, meter.buildingId);
          onSaved(t('saved', { serial: data.serialNumber }));
          onOpenChange(false);
        },
        onError: (failure) => {
          const byPath = errorsByPath(fieldErrors(failure), words);
          const atFields: Errors = { serialNumber: byPath.serialNumber, unit: byPath.unit, decimals: byPath.decimals };
          const elsewhere = Object.entries(byPath).find(([path]) => !(path in atFields));
          if (Object.values(atFields).some(Boolean)) setErrors(atFields);
          if (elsewhere) setFormError(`${t('saveFailed')} ${elsewhere[1]}`);
          if (Object.keys(byPath).length) return;
          if (errorCode(failure) === 'NOT_FOUND') {
            void refreshBuildingMeters(queryClient, trpc, meter.buildingId);
            setFormError(t('deletedMeanwhile'));
          } else setFormError(`${t('saveFailed')} ${describeError(failure, words)}`);
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (update.isPending ? undefined : onOpenChange(next))}>
      <DialogContent returnFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{t('editTitle')}</DialogTitle>
          <DialogDescription>{t('editText', { label })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5">
          {formError && <ErrorAlert>{formError}</ErrorAlert>}
          <FormField label={t('serialNumber')} error={errors.serialNumber}>
            <Input name="serialNumber" autoComplete="off" maxLength={MAX_SERIAL_NUMBER} value={serialNumber} onChange={(event) => setSerialNumber(event.target.value)} />
          </FormField>
          <FormField label={t('unit')} description={t('unitHint')} error={errors.unit}>
            <Input name="unit" autoComplete="off" maxLength={MAX_METER_UNIT} value={unit} onChange={(event) => setUnit(event.target.value)} />
          </FormField>
          <FormField label={t('decimals')} description={t('decimalsHint')} error={errors.decimals}>
            <OptionsSelect value={decimals} onChange={setDecimals} options={DECIMAL_OPTIONS} />
          </FormField>
          <DialogActions label={t('save')} pendingLabel={t('saving')} pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
