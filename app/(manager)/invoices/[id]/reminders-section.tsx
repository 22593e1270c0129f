'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { describeError } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { formatDay, formatMoney } from '../format';
import type { Invoice } from '../types';
import { ReminderPause } from './reminder-pause';

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

/** The payment reminders sent for the invoice: the step, when, to whom, and whether it went out. */
export function RemindersSection({ invoice }: { invoice: Invoice }) {
  const trpc = useTRPC();
  const reminders = useQuery(trpc.invoices.reminders.queryOptions({ id: invoice.id }));
  const demand = useQuery(trpc.collections.list.queryOptions({ apartmentId: invoice.apartmentId, status: 'open', limit: 1 })).data?.data[0];
  let body: ReactNode;
  if (reminders.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (reminders.isError) body = <ErrorAlert>The reminders could not be loaded. {describeError(reminders.error)}</ErrorAlert>;
  else if (reminders.data.data.length === 0)
    body = (
      <p className="rounded-lg border border-dashed bg-card p-4 text-sm text-muted-foreground">
        No reminders yet. While the invoice is open, residents are reminded by the building’s schedule (by default 3 days before the due date, 7 and 21 days after it).
      </p>
    );
  else
    body = (
      <Table aria-labelledby="reminders-heading">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Step</TableHead>
            <TableHead>When</TableHead>
            <TableHead>To</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Open then</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {reminders.data.data.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{stepLabel(r.daysFromDue)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTime(r.sentAt ?? r.createdAt)}</TableCell>
              <TableCell className="break-all">{r.recipients.join(', ') || '—'}</TableCell>
              <TableCell>
                <Badge variant={STATUS[r.status].variant}>{STATUS[r.status].label}</Badge>
                {r.error && <span className="mt-1 block text-xs text-muted-foreground">{r.error}</span>}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(r.openAmount, invoice.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  return (
    <section aria-labelledby="reminders-heading" className="grid min-w-0 gap-3">
      <h2 id="reminders-heading" className="text-lg font-semibold">
        Reminders
      </h2>
      {demand && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="warning">In collection</Badge>A payment demand of {formatMoney(demand.totalAmount, demand.currency)} was made on {formatDay(demand.issueDate)}, to pay by{' '}
          {formatDay(demand.deadline)}.
          <Link href="/collections" className="font-medium text-primary underline-offset-4 hover:underline">
            See collections
          </Link>
        </p>
      )}
      <ReminderPause invoice={invoice} />
      {body}
    </section>
  );
}
