'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, type FormEvent } from 'react';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormDialog } from '@/components/ui/form-dialog';
import { Notice } from '@/components/ui/notice';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { formFailure } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { ReceivedPaymentFields, useReceivedPayment } from '../../payments/received-payment-fields';
import { formatMoney } from '../format';
import type { Invoice } from '../types';
import { checkPayment, PAID_FIELDS, parseCents } from './mark-paid';

type MarkPaidProps = {
  invoice: Invoice;
  pending: boolean;
  /** Called with the checked input; call `fail(error)` when the server refuses it. */
  onSubmit: (paidDate: string, amount: number | undefined, fail: (error: unknown) => void) => void;
};

/** Records a payment of the invoice: the amount received (the open balance unless changed) and its date. */
export function MarkPaidDialog({ open, onOpenChange, ...form }: MarkPaidProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations('Invoice');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('paid.title', { number: form.invoice.number })}
      description={t('paid.description')}
    >
      {({ setBusy }) => <MarkPaidForm {...form} onBusyChange={setBusy} />}
    </FormDialog>
  );
}

function MarkPaidForm({ invoice, pending, onSubmit, onBusyChange }: MarkPaidProps & { onBusyChange: (busy: boolean) => void }) {
  const words = useErrorWords();
  const t = useTranslations('Invoice');
  const locale = useLocale();
  const openCents = Math.round((invoice.amount - invoice.amountPaid) * 100);
  const money = (cents: number) => formatMoney(cents / 100, invoice.currency, locale);
  const payment = useReceivedPayment((openCents / 100).toFixed(2));
  const { amount, paidDate, today } = payment;
  const { errors, formError, fail, clear, clearError, ref } = useFieldErrors(PAID_FIELDS);
  useEffect(() => onBusyChange(pending), [pending, onBusyChange]);

  // The server's answer: its 422 errors at the fields, anything else above the form.
  function refused(error: unknown) {
    const failure = formFailure(error, t('paid.failed'), PAID_FIELDS, words, ' ');
    fail(failure.errors, failure.formError);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const checked = checkPayment(amount, paidDate, today, t);
    if (checked.errors) return fail(checked.errors);
    clear();
    onSubmit(checked.paidDate, checked.amount, refused);
  }

  const cents = parseCents(amount);
  const excess = typeof cents === 'number' ? cents - openCents : 0;
  const hint =
    excess > 0
      ? t('paid.excessHint', { amount: money(excess) })
      : t('paid.openHint', { amount: money(openCents) });

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {formError && !pending && (
        <Notice ref={ref('form')} tone="destructive">
          {formError}
        </Notice>
      )}
      <ReceivedPaymentFields amountLabel={t('paid.amountReceived')} amountDescription={hint} payment={payment} errors={errors} fieldRef={ref} clearError={clearError} />
      <DialogActions label={t('markPaid')} pendingLabel={t('saving')} pending={pending} />
    </form>
  );
}
