'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { ErrorAlert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { RemindersTable } from '../../invoices/[id]/reminders-table';
import { TitledSection } from '@/components/ui/titled-section';

/** The payment reminders of all the apartment's invoices: what was sent, when, to whom, and how it went. */
export function ApartmentReminders({ apartmentId, currency }: { apartmentId: string; currency: string }) {
  const words = useErrorWords();
  const t = useTranslations('Apartment');
  const trpc = useTRPC();
  const reminders = useQuery(trpc.apartments.reminders.queryOptions({ id: apartmentId }));
  return (
    <TitledSection id="apartment-reminders-heading" title={t('reminders')}>
      {reminders.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : reminders.isError ? (
        <ErrorAlert>
          {t('remindersFailed')} {describeError(reminders.error, words)}
        </ErrorAlert>
      ) : reminders.data.data.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-4 text-sm text-muted-foreground">{t('noReminders')}</p>
      ) : (
        <div className="min-w-0 overflow-x-auto">
          <RemindersTable reminders={reminders.data.data} currency={currency} labelledBy="apartment-reminders-heading" withInvoice />
        </div>
      )}
    </TitledSection>
  );
}
