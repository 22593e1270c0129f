/**
 * The payment list's orders (GET /payments' `sort`); a plain module, so the page (a server component) reads them too.
 * `label` names the message Payments.sorts.<label>.
 */
export const PAYMENT_SORTS = [
  { value: '-date', label: 'dateNewest' },
  { value: 'date', label: 'dateOldest' },
  { value: '-amount', label: 'amountLargest' },
  { value: 'amount', label: 'amountSmallest' },
] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number]['value'];
