import { useLocale, useTranslations } from 'next-intl';
import type { Translate } from '@/app/portal/translate';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { formatMoney } from '../format';
import type { Reminder } from '../types';

/** "3 days before the due date", "7 days after the due date", "On the due date"; `t`: namespace Invoice. */
export function stepLabel(days: number, t: Translate): string {
  if (days === 0) return t('reminders.onDueDate');
  return days < 0 ? t('reminders.daysBefore', { count: -days }) : t('reminders.daysAfter', { count: days });
}

/** `label` names the message Invoice.reminders.statuses.<label>. */
const STATUS: Record<'sending' | 'sent' | 'failed', { label: string; variant: 'secondary' | 'warning' | 'destructive' }> = {
  sent: { label: 'sent', variant: 'secondary' },
  sending: { label: 'sending', variant: 'warning' },
  failed: { label: 'notSent', variant: 'destructive' },
};


/** Reminders as a table: the step (with its invoice when `withInvoice`), when, to whom, whether it went out, the balance then. */
export function RemindersTable({ reminders, currency, labelledBy, withInvoice = false }: { reminders: Reminder[]; currency: string; labelledBy: string; withInvoice?: boolean }) {
  const locale = useLocale();
  const t = useTranslations('Invoice');
  return (
    <Table aria-labelledby={labelledBy}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {withInvoice && <TableHead>{t('title')}</TableHead>}
          <TableHead>{t('reminders.step')}</TableHead>
          <TableHead>{t('reminders.when')}</TableHead>
          <TableHead>{t('reminders.to')}</TableHead>
          <TableHead>{t('reminders.status')}</TableHead>
          <TableHead className="text-right">{t('reminders.openThen')}</TableHead>
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
            <TableCell>{stepLabel(r.daysFromDue, t)}</TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(r.sentAt ?? r.createdAt, locale)}</TableCell>
            <TableCell className="break-all">{r.recipients.join(', ') || '—'}</TableCell>
            <TableCell>
              <Badge variant={STATUS[r.status].variant}>{t(`reminders.statuses.${STATUS[r.status].label}`)}</Badge>
              {r.error && <span className="mt-1 block text-xs text-muted-foreground">{r.error}</span>}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(r.openAmount, currency, locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
