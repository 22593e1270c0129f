import { LayoutDashboardIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { ArrowLink } from '@/components/ui/arrow-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { serverApi } from '@/server/api/server-caller';
import { formatMonth } from '@/lib/format';
import { formatMoney } from '../buildings/format';
import { BuildingsTable } from './buildings-table';
import { MonthlyChart } from './monthly-chart';
import { ToDoList } from './to-do-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Dashboard'))('title') };
}

export default async function DashboardPage() {
  const t = await getTranslations('Dashboard');
  const locale = await getLocale();
  const api = await serverApi();
  const [{ data }, { data: toDo }, { data: perBuilding }] = await Promise.all([api.invoices.monthlySummary({}), api.dashboard.toDo({}), api.dashboard.buildings({})]);
  const { months, currency } = data;
  const anything = months.some((m) => m.count > 0);
  const current = months.at(-1)!;
  const overdue = months.reduce((sum, m) => sum + m.overdue, 0);
  const money = (amount: number) => formatMoney(amount, currency, locale);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="mb-6">
        <ToDoList toDo={toDo} />
      </div>
      {!anything ? (
        <EmptyState
          icon={LayoutDashboardIcon}
          title={t('emptyTitle')}
          description={t('emptyText')}
        >
          <ArrowLink href="/invoices">{t('goToInvoices')}</ArrowLink>
        </EmptyState>
      ) : (
        <div className="grid min-w-0 gap-6">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {(
              [
                [t('billedIn', { month: formatMonth(current.month, locale) }), money(current.billed)],
                [t('paidSoFar'), money(current.paid)],
                [t('overdueYear'), money(overdue)],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="grid gap-1 rounded-lg border bg-card p-4">
                <dt className="text-sm text-muted-foreground">{term}</dt>
                <dd className="text-xl font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>

          {perBuilding.length > 0 && <BuildingsTable rows={perBuilding} />}

          <section aria-labelledby="billing-chart-heading" className="grid min-w-0 gap-4 rounded-lg border bg-card p-4 sm:p-6">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="billing-chart-heading" className="text-lg font-semibold">
                {t('chartHeading')}
              </h2>
              {overdue > 0 && (
                <ArrowLink href="/invoices?status=sent&overdue=true" className="text-sm">{t('seeOverdue')}</ArrowLink>
              )}
            </div>
            <p className="text-sm text-muted-foreground">
              {t('chartText')}
              {currency !== 'EUR' ? ` ${t('amountsIn', { currency })}` : ''}
            </p>
            <MonthlyChart months={months} currency={currency} title={t('chartTitle')} />
          </section>
        </div>
      )}
    </>
  );
}
