/** The invoice list's orders (GET /invoices' `sort`); a plain module, so the page (a server component) reads them too. */
export const SORTS = [
  { value: '-number', label: 'Number, newest first' },
  { value: 'number', label: 'Number, oldest first' },
  { value: '-dueDate', label: 'Due date, latest first' },
  { value: 'dueDate', label: 'Due date, earliest first' },
  { value: '-amount', label: 'Amount, largest first' },
  { value: 'amount', label: 'Amount, smallest first' },
] as const;
export type Sort = (typeof SORTS)[number]['value'];
