import { Badge } from '@/components/ui/badge';
import { STATUS_LABELS } from './format';
import type { InvoiceStatus } from './types';

const VARIANTS = { draft: 'secondary', sent: 'default', paid: 'success', void: 'outline' } as const;

/** The invoice's status in words; a sent invoice past its due date says so too (not by colour alone). */
export function InvoiceStatusBadge({ status, overdue }: { status: InvoiceStatus; overdue: boolean }) {
  if (overdue) return <Badge variant="destructive">Overdue</Badge>;
  return (
    <Badge variant={VARIANTS[status]} className={status === 'void' ? 'text-muted-foreground line-through' : undefined}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
