'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
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
    const refused = checkWithSchema(UpdateMeterInput, { id: meter.id, serialNumber: serial, replaced: true }).errors?.serialNumber;
    if (!serial || refused) {
      setSerialError(serial ? refused : 'Enter the serial number printed on the new meter.');
      return;
    }
    setSerialError(undefined);
    update.mutate(
      { id: meter.id, replaced: true, ...(serial !== meter.serialNumber ? { serialNumber: serial } : {}) },
      {
        onSuccess: ({ data }) => {
          void refreshBuildingMeters(queryClient, trpc, meter.buildingId);
          onReplaced(`Meter ${data.serialNumber} is marked replaced: its readings start series ${data.series}.`);
          onOpenChange(false);
        },
        onError: (failure) => {
          const byPath = errorsByPath(fieldErrors(failure));
          if (byPath.serialNumber) setSerialError(byPath.serialNumber);
          const other = Object.entries(byPath).find(([path]) => path !== 'serialNumber');
          if (other) setFormError(`The meter was not marked replaced. ${other[1]}`);
          else if (!byPath.serialNumber) {
            if (errorCode(failure) === 'NOT_FOUND') void refreshBuildingMeters(queryClient, trpc, meter.buildingId);
            setFormError(`The meter was not marked replaced. ${describeError(failure)}`);
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
          <DialogTitle>Mark the meter replaced?</DialogTitle>
          <DialogDescription>
            {label}. Its next reading starts a new series (series {meter.series + 1}): it is not compared with the readings so far and may be lower
            {last ? ` than the last confirmed ${last}` : ''}. Consumption of the new series counts from its first confirmed reading. Readings already
            confirmed stay billed as they are. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5">
          {formError && <ErrorAlert>{formError}</ErrorAlert>}
          <FormField label="Serial number of the new meter" description="Change it if the new meter has another number." error={serialError}>
            <Input name="serialNumber" autoComplete="off" maxLength={MAX_SERIAL_NUMBER} value={serialNumber} onChange={(event) => setSerialNumber(event.target.value)} />
          </FormField>
          <DialogActions label="Mark replaced" pendingLabel="Marking…" pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
