'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CheckedForm } from '@/components/ui/checked-form';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { OptionsSelect } from '@/components/ui/options-select';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { formFailure } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { formatMoney } from '../../invoices/format';
import { useBuildings } from '../../residents/apartment-directory';
import { BuildingApartmentFields, useBuildingApartmentPicker } from '../../residents/building-apartment-fields';

export type QueueEntry = { id: string; amount: number; currency: string; payerName: string | null };

type Field = 'building' | 'apartment' | 'target';
const FIELDS: readonly Field[] = ['building', 'apartment', 'target'];
/** The apartment's open invoices oldest first, then its credit: what a reference number would have done. */
const OLDEST_FIRST = 'oldest-first';

/** Books an entry of the queue to an apartment (its open invoices oldest first, then credit) or to one of its invoices. */
export function MatchEntryDialog({
  entry,
  onOpenChange,
  onBooked,
  returnFocus,
}: {
  entry: QueueEntry | null;
  onOpenChange: (open: boolean) => void;
  onBooked: (message: string) => void;
  returnFocus: () => HTMLElement | null;
}) {
  const t = useTranslations('BankStatements');
  const locale = useLocale();
  return (
    <FormDialog
      open={entry !== null}
      onOpenChange={onOpenChange}
      title={t('matchDialog.title')}
      description={entry ? t('matchDialog.description', { amount: formatMoney(entry.amount, entry.currency, locale), payer: entry.payerName ?? t('matchDialog.unknownPayer') }) : ''}
      returnFocus={returnFocus}
    >
      {({ finishWith, setBusy }) =>
        entry && (
          <MatchForm
            entry={entry}
            onBusyChange={setBusy}
            onBooked={finishWith(onBooked)}
          />
        )
      }
    </FormDialog>
  );
}

function MatchForm({ entry, onBusyChange, onBooked }: { entry: QueueEntry; onBusyChange: (busy: boolean) => void; onBooked: (message: string) => void }) {
  const words = useErrorWords();
  const t = useTranslations('BankStatements');
  const locale = useLocale();
  const trpc = useTRPC();
  const match = useMutation(trpc.bankStatements.match.mutationOptions());
  const buildings = useBuildings().data?.data ?? [];
  const picker = useBuildingApartmentPicker(buildings);
  const { apartmentId } = picker;
  const [target, setTarget] = useState(OLDEST_FIRST);
  const { errors, formError, fail, clear, clearError, ref } = useFieldErrors(FIELDS);
  const open = useQuery(trpc.invoices.list.queryOptions({ apartmentId, status: 'sent', limit: 50 }, { enabled: apartmentId !== '' }));
  const openInvoices = (open.data?.data ?? []).filter((i) => i.amountPaid < i.amount);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (match.isPending) return;
    const found = picker.missing();
    if (Object.keys(found).length) return fail(found);
    clear();
    onBusyChange(true);
    match.mutate(target === OLDEST_FIRST ? { id: entry.id, apartmentId } : { id: entry.id, invoiceId: target }, {
      onSettled: () => onBusyChange(false),
      onSuccess: ({ data }) => onBooked(t('matchDialog.booked', { count: data.payments.length, amount: formatMoney(entry.amount, entry.currency, locale) })),
      onError: (error) => {
        const failure = formFailure(error, t('matchDialog.failed'), (path) => (path === 'invoiceId' ? 'target' : path === 'apartmentId' ? 'apartment' : undefined), words, ' ');
        fail(failure.errors, failure.formError);
      },
    });
  }

  return (
    <CheckedForm onSubmit={submit} formError={!match.isPending && formError} errorRef={ref('form')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <BuildingApartmentFields {...picker.fieldProps({ errors, ref, clearError, onChange: () => setTarget(OLDEST_FIRST) })} />
        <FormField
          label={t('matchDialog.pay')}
          error={errors.target}
          className="sm:col-span-2"
          description={apartmentId && open.isSuccess && openInvoices.length === 0 ? t('matchDialog.noOpenInvoices') : undefined}
        >
          <OptionsSelect
            ref={ref('target')}
            value={target}
            disabled={!apartmentId}
            options={[
              { value: OLDEST_FIRST, label: t('matchDialog.oldestFirst') },
              ...openInvoices.map((i) => ({ value: i.id, label: t('matchDialog.invoiceFirst', { number: i.number, open: formatMoney(i.amount - i.amountPaid, i.currency, locale) }) })),
            ]}
            onChange={(value) => {
              setTarget(value);
              clearError('target');
            }}
          />
        </FormField>
      </div>
      <DialogActions label={t('matchDialog.book')} pendingLabel={t('matchDialog.booking')} pending={match.isPending} />
    </CheckedForm>
  );
}
