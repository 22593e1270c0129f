import { Badge } from '@/components/ui/badge';

export { formatDay, formatMoney, formatPeriod } from '@/app/(manager)/invoices/format';

type Status = 'draft' | 'sent' | 'paid' | 'void';

/** What a resident reads for each status (residents never see drafts). */
const STATUS: Record<Status, { label: string; variant: 'default' | 'secondary' | 'success' | 'warning' | 'outline' }> = {
  draft: { label: 'Draft', variant: 'secondary' },
  sent: { label: 'To pay', variant: 'warning' },
  paid: { label: 'Paid', variant: 'success' },
  void: { label: 'Cancelled', variant: 'outline' },
};

/** The status in words; an unpaid invoice past its due date says "Overdue" (not by colour alone). */
export function PortalInvoiceBadge({ status, overdue, className }: { status: Status; overdue: boolean; className?: string }) {
  const { label, variant } = overdue ? { label: 'Overdue', variant: 'destructive' as const } : STATUS[status];
  return (
    <Badge variant={variant} className={className}>
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}

/** What is still to pay, in cents-exact arithmetic. */
export function openAmount(invoice: { amount: number; amountPaid: number }): number {
  return (Math.round(invoice.amount * 100) - Math.round(invoice.amountPaid * 100)) / 100;
}
