'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc/react';
import { checkWithSchema } from '@/lib/schema-check';
import { MAX_SERIAL_NUMBER, UpdateMeterInput } from '@/server/api/schemas/meters';
import { describeError, errorCode, errorsByPath, fieldErrors } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { formatReading } from '@/app/portal/meters/meter-format';
import { refreshBuildingMeters, type MeterDialogProps } from './building-meters';

/**
 * A physical meter was swapped: its next reading starts a new series, which may be lower than the last
 * confirmed reading. The new meter's serial number can be entered at the same time. Mounted per meter.
 */
export function ReplaceMeterDialog({
  meter,
  label,
  open,
  onOpenChange,
  onReplaced,
  returnFocus,
}: MeterDialogProps & { onReplaced: (message: string) => void }) {
  const words = useErrorWords();
  const t = useTranslations('MeterDialogs');
  const fieldT = useTranslations('FieldErrors');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.meters.update.mutationOptions());
  const [serialNumber, setSerialNumber] = useState(meter.serialNumber);
  const [serialError, setSerialError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const serial = serialNumber.trim();
    // The server's own schema for the new serial number; empty in the form's words.
    const refused = checkWithSchema(UpdateMeterInput, { id: meter.id, serialNumber: serial, replaced: true }, fieldT).errors?.serialNumber;
    if (!serial || refused) {
      setSerialError(serial ? refused : t('newSerialMissing'));
      return;
    }
    setSerialError(undefined);
    update.mutate(
      { id: meter.id, replaced: true, ...(serial !== meter.serialNumber ? { serialNumber: serial } : {}) },
      {
        onSuccess: ({ data }) => {
          void refreshBuildingMeters(queryClient, trpc, meter.buildingId);
          onReplaced(t('replaced', { serial: data.serialNumber, series: data.series }));
          onOpenChange(false);
        },
        onError: (failure) => {
          const byPath = errorsByPath(fieldErrors(failure), words);
          if (byPath.serialNumber) setSerialError(byPath.serialNumber);
          const other = Object.entries(byPath).find(([path]) => path !== 'serialNumber');
          if (other) setFormError(`${t('notReplaced')} ${other[1]}`);
          else if (!byPath.serialNumber) {
            if (errorCode(failure) === 'NOT_FOUND') void refreshBuildingMeters(queryClient, trpc, meter.buildingId);
            setFormError(`${t('notReplaced')} ${describeError(failure, words)}`);
          }
        },
      },
    );
  }

  const last = meter.lastReading ? formatReading(meter.lastReading.value, meter.decimals, meter.unit) : null;

  return (
    <Dialog open={open} onOpenChange={(next) => (update.isPending ? undefined : onOpenChange(next))}>
      <DialogContent returnFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{t('replaceTitle')}</DialogTitle>
          <DialogDescription>{t('replaceText', { label, series: meter.series + 1, last: last ?? 'none' })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5">
          {formError && <ErrorAlert>{formError}</ErrorAlert>}
          <FormField label={t('newSerial')} description={t('newSerialHint')} error={serialError}>
            <Input name="serialNumber" autoComplete="off" maxLength={MAX_SERIAL_NUMBER} value={serialNumber} onChange={(event) => setSerialNumber(event.target.value)} />
          </FormField>
          <DialogActions label={t('markReplaced')} pendingLabel={t('marking')} pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
