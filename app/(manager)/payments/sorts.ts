/** The payment list's orders (GET /payments' `sort`); a plain module, so the page (a server component) reads them too. */
export const PAYMENT_SORTS = [
  { value: '-date', label: 'Date, newest first' },
  { value: 'date', label: 'Date, oldest first' },
  { value: '-amount', label: 'Amount, largest first' },
  { value: 'amount', label: 'Amount, smallest first' },
] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number]['value'];
