/**
 * The invoice list's orders (GET /invoices' `sort`); a plain module, so the page (a server component) reads them too.
 * `label` names the message Invoices.sorts.<label>.
 */
export const SORTS = [
  { value: '-number', label: 'numberNewest' },
  { value: 'number', label: 'numberOldest' },
  { value: '-dueDate', label: 'dueLatest' },
  { value: 'dueDate', label: 'dueEarliest' },
  { value: '-amount', label: 'amountLargest' },
  { value: 'amount', label: 'amountSmallest' },
] as const;
export type Sort = (typeof SORTS)[number]['value'];
