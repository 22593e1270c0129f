'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { formatDay, formatMoney } from '../format';
import type { Invoice } from '../types';
import { ReminderPause } from './reminder-pause';
import { RemindersTable } from './reminders-table';
import { TitledSection } from '@/components/ui/titled-section';

/** The payment reminders sent for the invoice: the step, when, to whom, and whether it went out. */
export function RemindersSection({ invoice }: { invoice: Invoice }) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('Invoice');
  const trpc = useTRPC();
  const reminders = useQuery(trpc.invoices.reminders.queryOptions({ id: invoice.id }));
  const demand = useQuery(trpc.collections.list.queryOptions({ apartmentId: invoice.apartmentId, status: 'open', limit: 1 })).data?.data[0];
  let body: ReactNode;
  if (reminders.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (reminders.isError) body = <ErrorAlert>{t('reminders.loadFailed', { reason: describeError(reminders.error, words) })}</ErrorAlert>;
  else if (reminders.data.data.length === 0)
    body = (
      <p className="rounded-lg border border-dashed bg-card p-4 text-sm text-muted-foreground">{t('reminders.none')}</p>
    );
  else body = <RemindersTable reminders={reminders.data.data} currency={invoice.currency} labelledBy="reminders-heading" />;
  return (
    <TitledSection id="reminders-heading" title={t('reminders.title')}>
      {demand && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="warning">{t('reminders.inCollection')}</Badge>
          {t('reminders.demand', { amount: formatMoney(demand.totalAmount, demand.currency, locale), issued: formatDay(demand.issueDate, locale), deadline: formatDay(demand.deadline, locale) })}
          <Link href="/collections" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('reminders.seeCollections')}
          </Link>
        </p>
      )}
      <ReminderPause invoice={invoice} />
      {body}
    </TitledSection>
  );
}
