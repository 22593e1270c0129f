import { LayoutDashboardIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { ArrowLink } from '@/components/ui/arrow-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { serverApi } from '@/server/api/server-caller';
import { formatMoney } from '../buildings/format';
import { BuildingsTable } from './buildings-table';
import { MonthlyChart } from './monthly-chart';
import { ToDoList } from './to-do-list';

export const metadata: Metadata = { title: 'Dashboard' };

const monthLong = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export default async function DashboardPage() {
  const api = await serverApi();
  const [{ data }, { data: toDo }, { data: perBuilding }] = await Promise.all([api.invoices.monthlySummary({}), api.dashboard.toDo({}), api.dashboard.buildings({})]);
  const { months, currency } = data;
  const anything = months.some((m) => m.count > 0);
  const current = months.at(-1)!;
  const overdue = months.reduce((sum, m) => sum + m.overdue, 0);
  const money = (amount: number) => formatMoney(amount, currency);

  return (
    <>
      <PageHeader title="Dashboard" description="An overview of your buildings and billing." />
      <div className="mb-6">
        <ToDoList toDo={toDo} />
      </div>
      {!anything ? (
        <EmptyState
          icon={LayoutDashboardIcon}
          title="Nothing to summarise yet"
          description="Once invoices are sent, this page shows what was billed, paid and overdue each month. Generate a period’s invoices on the Invoices page and send them to residents."
        >
          <ArrowLink href="/invoices">Go to invoices</ArrowLink>
        </EmptyState>
      ) : (
        <div className="grid min-w-0 gap-6">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {(
              [
                [`Billed in ${monthLong.format(new Date(`${current.month}-01T00:00:00Z`))}`, money(current.billed)],
                ['Paid of that so far', money(current.paid)],
                ['Overdue, issued in the last 12 months', money(overdue)],
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
                Billing over the last 12 months
              </h2>
              {overdue > 0 && (
                <ArrowLink href="/invoices?status=sent&overdue=true" className="text-sm">See overdue invoices</ArrowLink>
              )}
            </div>
            <p className="text-sm text-muted-foreground">
              By the month invoices were issued: what was billed (sent and paid invoices), what of it has been paid, and what is past due and still
              open.{currency !== 'EUR' ? ` Amounts in ${currency}.` : ''}
            </p>
            <MonthlyChart months={months} currency={currency} title="Billed, paid and overdue amounts per month" />
          </section>
        </div>
      )}
    </>
  );
}
