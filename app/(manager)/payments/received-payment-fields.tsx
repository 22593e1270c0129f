'use client';

import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

type PaymentField = 'amount' | 'paidDate';

/**
 * The amount received and the day it arrived, as every form that records a payment asks for them
 * (an invoice marked paid, a prepayment): the same input rules, and no date after today.
 */
export function ReceivedPaymentFields({
  amountLabel,
  amountDescription,
  amount,
  onAmountChange,
  paidDate,
  onPaidDateChange,
  today,
  errors,
  fieldRef,
  clearError,
}: {
  amountLabel: string;
  amountDescription?: string;
  amount: string;
  onAmountChange: (amount: string) => void;
  paidDate: string;
  onPaidDateChange: (paidDate: string) => void;
  today: string;
  errors: Partial<Record<PaymentField, string>>;
  fieldRef: (field: PaymentField) => (element: HTMLElement | null) => void;
  clearError: (field: PaymentField) => void;
}) {
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
            onAmountChange(event.target.value);
            clearError('amount');
          }}
        />
      </FormField>
      <FormField label="Paid on" error={errors.paidDate}>
        <Input
          ref={fieldRef('paidDate')}
          type="date"
          name="paidDate"
          value={paidDate}
          max={today}
          onChange={(event) => {
            onPaidDateChange(event.target.value);
            clearError('paidDate');
          }}
        />
      </FormField>
    </>
  );
}
