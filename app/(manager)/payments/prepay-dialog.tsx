'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CheckedForm } from '@/components/ui/checked-form';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { checkWithSchema } from '@/lib/schema-check';
import { errorCode, formFailure } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { MAX_PAYER_NAME, PrepayInput } from '@/server/api/schemas/payments';
import { formatMoney, parseDecimal } from '../buildings/format';
import { useApartmentLabel } from '../residents/apartment-directory';
import { BuildingApartmentFields, useBuildingApartmentPicker } from '../residents/building-apartment-fields';
import { ReceivedPaymentFields, useReceivedPayment } from './received-payment-fields';

export type PrepayBuilding = { id: string; name: string; currency: string };

type Field = 'building' | 'apartment' | 'amount' | 'paidDate' | 'payerName';
const FIELDS: readonly Field[] = ['building', 'apartment', 'amount', 'paidDate', 'payerName'];
/** The server's paths for the fields it checks. */
const SERVER_PATHS: Record<string, Field> = { apartmentId: 'apartment', amount: 'amount', paidDate: 'paidDate', payerName: 'payerName' };
/** The parts of payments.prepay the form checks with the server's own schema. */
const PrepayChecks = PrepayInput.pick({ paidDate: true, payerName: true });

/** Money received for an apartment ahead of any invoice; it becomes the apartment's credit. */
export function PrepayDialog({
  open,
  onOpenChange,
  buildings,
  onRecorded,
  returnFocus,
  focusAfterRecorded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buildings: PrepayBuilding[];
  /** What to tell the manager: "25,00 € recorded for Tamme 12 · Apt 4 …". */
  onRecorded: (message: string) => void;
  returnFocus: () => HTMLElement | null;
  /** The confirmation on the page, once it is there. */
  focusAfterRecorded: () => HTMLElement | null;
}) {
  const t = useTranslations('Payments');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('prepay.title')}
      description={t('prepay.description')}
      // Recorded: to the confirmation on the page, so it is read out. Cancelled: back to the button.
      returnFocus={returnFocus}
      focusAfterDone={focusAfterRecorded}
    >
      {({ finishWith, setBusy }) => <PrepayForm buildings={buildings} onBusyChange={setBusy} onRecorded={finishWith(onRecorded)} />}
    </FormDialog>
  );
}

function PrepayForm({
  buildings,
  onBusyChange,
  onRecorded,
}: {
  buildings: PrepayBuilding[];
  onBusyChange: (busy: boolean) => void;
  onRecorded: (message: string) => void;
}) {
  const words = useErrorWords();
  const fieldT = useTranslations('FieldErrors');
  const t = useTranslations('Payments');
  const locale = useLocale();
  const apartmentLabel = useApartmentLabel();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const prepay = useMutation(trpc.payments.prepay.mutationOptions());
  const picker = useBuildingApartmentPicker(buildings);
  const { buildingId, apartmentId, setApartmentId, choices } = picker;
  const payment = useReceivedPayment();
  const { amount, paidDate, today } = payment;
  const [payerName, setPayerName] = useState('');
  const { errors, formError, fail, clear, clearError, ref, bind } = useFieldErrors(FIELDS);

  const building = buildings.find((b) => b.id === buildingId);
  const apartment = choices.apartments.find((a) => a.id === apartmentId);
  const currency = building?.currency ?? 'EUR';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (prepay.isPending) return;
    const found: Partial<Record<Field, string>> = picker.missing();
    const sum = parseDecimal(amount);
    if (sum === null) found.amount = t('prepay.amountMissing');
    else if (sum === 'invalid' || !/^\d*([.,]\d{0,2})?$/.test(amount.trim().replace(/\s/g, ''))) found.amount = t('prepay.amountInvalid');
    else if (sum <= 0) found.amount = t('prepay.amountNotPositive');
    // The date and the payer's name as the server checks them; the amount's rules above say more than its range.
    const { errors: refused } = checkWithSchema(PrepayChecks, { paidDate, payerName: payerName.trim() || null }, fieldT);
    if (refused?.paidDate) found.paidDate = t('prepay.dateMissing');
    else if (paidDate > today) found.paidDate = t('prepay.dateInFuture');
    if (refused?.payerName) found.payerName = refused.payerName;
    if (Object.keys(found).length || typeof sum !== 'number') return fail(found);
    clear();

    const label = apartmentLabel(building?.name, apartment?.number);
    onBusyChange(true);
    prepay.mutate(
      { apartmentId, amount: sum, paidDate, payerName: payerName.trim() || null },
      {
        onSettled: () => onBusyChange(false),
        onSuccess: ({ data }) => {
          void queryClient.invalidateQueries(trpc.payments.list.pathFilter());
          // The apartment's credit has grown.
          void queryClient.invalidateQueries(trpc.buildings.listApartments.pathFilter());
          onRecorded(t('prepay.recorded', { amount: formatMoney(data.amount, data.currency, locale), apartment: label }));
        },
        onError: (error) => {
          const code = errorCode(error);
          if (code === 'NOT_FOUND') {
            setApartmentId('');
            void choices.query.refetch();
            return fail({}, t('prepay.apartmentGone'));
          }
          const failure = formFailure(error, t('prepay.failed'), (path) => SERVER_PATHS[path], words, ' ');
          fail(failure.errors, failure.formError);
        },
      },
    );
  }

  const apartmentHint =
    choices.loadError ??
    (apartment ? t('prepay.creditNow', { credit: apartment.creditBalance ? formatMoney(apartment.creditBalance, currency, locale) : t('prepay.noCredit') }) : undefined);

  return (
    <CheckedForm onSubmit={submit} formError={!prepay.isPending && formError} errorRef={ref('form')}>

      <div className="grid gap-4 sm:grid-cols-2">
        <BuildingApartmentFields {...picker.fieldProps({ errors, ref, clearError })} apartmentDescription={apartmentHint} />
        <ReceivedPaymentFields amountLabel={t('prepay.amount', { currency })} payment={payment} errors={errors} fieldRef={ref} clearError={clearError} />
        <FormField label={t('prepay.payerName')} description={t('prepay.payerNameHint')} error={errors.payerName} className="sm:col-span-2">
          <Input {...bind('payerName', payerName, setPayerName)} autoComplete="off" maxLength={MAX_PAYER_NAME} />
        </FormField>
      </div>

      <DialogActions label={t('recordPrepayment')} pendingLabel={t('prepay.recording')} pending={prepay.isPending} />
    </CheckedForm>
  );
}
