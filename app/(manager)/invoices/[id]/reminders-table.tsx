import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { formatMoney } from '../format';
import type { Reminder } from '../types';

/** "3 days before the due date", "7 days after it", "on the due date". */
export function stepLabel(days: number): string {
  if (days === 0) return 'On the due date';
  const n = Math.abs(days);
  return `${n} ${n === 1 ? 'day' : 'days'} ${days < 0 ? 'before' : 'after'} the due date`;
}

const STATUS: Record<'sending' | 'sent' | 'failed', { label: string; variant: 'secondary' | 'warning' | 'destructive' }> = {
  sent: { label: 'Sent', variant: 'secondary' },
  sending: { label: 'Sending', variant: 'warning' },
  failed: { label: 'Not sent', variant: 'destructive' },
};


/** Reminders as a table: the step (with its invoice when `withInvoice`), when, to whom, whether it went out, the balance then. */
export function RemindersTable({ reminders, currency, labelledBy, withInvoice = false }: { reminders: Reminder[]; currency: string; labelledBy: string; withInvoice?: boolean }) {
  return (
    <Table aria-labelledby={labelledBy}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {withInvoice && <TableHead>Invoice</TableHead>}
          <TableHead>Step</TableHead>
          <TableHead>When</TableHead>
          <TableHead>To</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Open then</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {reminders.map((r) => (
          <TableRow key={r.id}>
            {withInvoice && (
              <TableCell>
                <a href={`/invoices/${r.invoiceId}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {r.invoiceNumber}
                </a>
              </TableCell>
            )}
            <TableCell>{stepLabel(r.daysFromDue)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(r.sentAt ?? r.createdAt)}</TableCell>
            <TableCell className="break-all">{r.recipients.join(', ') || '—'}</TableCell>
            <TableCell>
              <Badge variant={STATUS[r.status].variant}>{STATUS[r.status].label}</Badge>
              {r.error && <span className="mt-1 block text-xs text-muted-foreground">{r.error}</span>}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(r.openAmount, currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
