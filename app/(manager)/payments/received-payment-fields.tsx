'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { todayInTallinn } from '../invoices/format';

type PaymentField = 'amount' | 'paidDate';

/** The amount and the day of a payment being recorded: `initialAmount`, and today. */
export function useReceivedPayment(initialAmount = '') {
  const today = todayInTallinn();
  const [amount, setAmount] = useState(initialAmount);
  const [paidDate, setPaidDate] = useState(today);
  return { today, amount, setAmount, paidDate, setPaidDate };
}

/**
 * The amount received and the day it arrived, as every form that records a payment asks for them
 * (an invoice marked paid, a prepayment): the same input rules, and no date after today.
 */
export function ReceivedPaymentFields({
  amountLabel,
  amountDescription,
  payment: { amount, setAmount, paidDate, setPaidDate, today },
  errors,
  fieldRef,
  clearError,
}: {
  amountLabel: string;
  amountDescription?: string;
  payment: ReturnType<typeof useReceivedPayment>;
  errors: Partial<Record<PaymentField, string>>;
  fieldRef: (field: PaymentField) => (element: HTMLElement | null) => void;
  clearError: (field: PaymentField) => void;
}) {
  const t = useTranslations('Payments');
  return (
    <>
      <FormField label={amountLabel} description={amountDescription} error={errors.amount}>
        <Input
          ref={fieldRef('amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            clearError('amount');
          }}
        />
      </FormField>
      <FormField label={t('paidOn')} error={errors.paidDate}>
        <Input
          ref={fieldRef('paidDate')}
          type="date"
          name="paidDate"
          value={paidDate}
          max={today}
          onChange={(event) => {
            setPaidDate(event.target.value);
            clearError('paidDate');
          }}
        />
      </FormField>
    </>
  );
}
