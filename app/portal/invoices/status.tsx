import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';

export { formatDay, formatMoney, formatPeriod } from '@/app/(manager)/invoices/format';

type Status = 'draft' | 'sent' | 'paid' | 'void';

/** What a resident reads for each status (`PortalInvoices` status.*; residents never see drafts), and its colour. */
const STATUS: Record<Status, { label: string; variant: 'default' | 'secondary' | 'success' | 'warning' | 'outline' }> = {
  draft: { label: 'status.draft', variant: 'secondary' },
  sent: { label: 'status.sent', variant: 'warning' },
  paid: { label: 'status.paid', variant: 'success' },
  void: { label: 'status.void', variant: 'outline' },
};

/** The status in words; an unpaid invoice past its due date says "Overdue" (not by colour alone). */
export async function PortalInvoiceBadge({ status, overdue, className }: { status: Status; overdue: boolean; className?: string }) {
  const t = await getTranslations('PortalInvoices');
  const { label, variant } = overdue ? { label: 'status.overdue', variant: 'destructive' as const } : STATUS[status];
  return (
    <Badge variant={variant} className={className}>
      <span className="sr-only">{t('statusLabel')} </span>
      {t(label)}
    </Badge>
  );
}

/** What is still to pay, in cents-exact arithmetic. */
export function openAmount(invoice: { amount: number; amountPaid: number }): number {
  return (Math.round(invoice.amount * 100) - Math.round(invoice.amountPaid * 100)) / 100;
}
