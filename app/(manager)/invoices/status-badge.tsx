import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import type { InvoiceStatus } from './types';

const VARIANTS = { draft: 'secondary', sent: 'default', paid: 'success', void: 'outline' } as const;

/** The invoice's status in words; a sent invoice past its due date says so too (not by colour alone). */
export function InvoiceStatusBadge({ status, overdue }: { status: InvoiceStatus; overdue: boolean }) {
  const t = useTranslations('Invoices');
  if (overdue) return <Badge variant="destructive">{t('overdue')}</Badge>;
  return (
    <Badge variant={VARIANTS[status]} className={status === 'void' ? 'text-muted-foreground line-through' : undefined}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
