import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Translate } from '@/app/portal/translate';
import en from '@/messages/en/manager-billing.json';
import type { Invoice } from '../types';
import { checkPayment, paidNotice, parseCents } from './mark-paid';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'Invoice' }) as Translate;
const today = '2024-03-10';

describe('checkPayment', () => {
  it('sends the amount typed with a comma or a point, or none when empty', () => {
    expect(checkPayment('51,20', '2024-03-01', today, t)).toEqual({ paidDate: '2024-03-01', amount: 51.2 });
    expect(checkPayment(' ', today, today, t)).toEqual({ paidDate: today, amount: undefined });
  });

  it('refuses more than 2 decimals, a date that does not exist, and the future', () => {
    expect(checkPayment('1.234', '2024-02-30', today, t).errors).toEqual({
      amount: 'Enter the amount received, e.g. 41.20, with at most 2 decimals.',
      paidDate: 'Enter the date the payment arrived.',
    });
    expect(checkPayment('1', '2024-03-11', today, t).errors).toEqual({ paidDate: 'The payment date cannot be in the future.' });
  });

  it('refuses an amount beyond what the server’s schema takes', () => {
    expect(checkPayment('100000000000', today, today, t).errors).toEqual({ amount: 'Enter the amount received, e.g. 41.20, with at most 2 decimals.' });
  });
});

describe('parseCents and paidNotice', () => {
  it('reads cents exactly', () => {
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('')).toBeNull();
    expect(parseCents('x')).toBe('invalid');
  });

  it('tells what an overpayment became', () => {
    const invoice = { number: 'INV-1', amount: 100, amountPaid: 40, currency: 'EUR' } as Invoice;
    expect(paidNotice(invoice, undefined, t, 'en')).toBe('Invoice INV-1 is marked paid.');
    expect(paidNotice(invoice, 60, t, 'et')).toBe('Invoice INV-1 is marked paid.');
    expect(paidNotice(invoice, 70.5, t, 'en')).toMatch(/^Invoice INV-1 is marked paid\. €10\.50 above the open balance/);
  });
});
