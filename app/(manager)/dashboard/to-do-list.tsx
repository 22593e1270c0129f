import type { inferRouterOutputs } from '@trpc/server';
import { useTranslations } from 'next-intl';
import { ArrowLink } from '@/components/ui/arrow-link';
import type { AppRouter } from '@/server/api/root';

type ToDo = inferRouterOutputs<AppRouter>['dashboard']['toDo']['data'];

/** Each kind of waiting work as a count linking to its list; what is done shows as done. */
export function ToDoList({ toDo }: { toDo: ToDo }) {
  const t = useTranslations('Dashboard.toDo');
  const items = [
    { n: toDo.draftInvoices, text: (n: number) => t('drafts', { n }), href: '/invoices?status=draft' },
    { n: toDo.overdueInvoices, text: (n: number) => t('overdue', { n }), href: '/invoices?status=sent&overdue=true' },
    { n: toDo.readingsToReview, text: (n: number) => t('readings', { n }), href: '/meters#queue-heading' },
    { n: toDo.unmatchedBankEntries, text: (n: number) => t('bankEntries', { n }), href: '/payments/statements' },
    { n: toDo.openMaintenanceRequests, text: (n: number) => t('requests', { n }), href: '/maintenance?status=open' },
    { n: toDo.apartmentsInCollection, text: (n: number) => t('collections', { n }), href: '/collections' },
  ];
  const waiting = items.filter((i) => i.n > 0);
  return (
    <section aria-labelledby="to-do-heading" className="grid gap-3 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id="to-do-heading" className="text-lg font-semibold">
        {t('heading')}
      </h2>
      {waiting.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('nothing')}</p>
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2">
          {waiting.map((i) => (
            <li key={i.href}>
              <ArrowLink href={i.href}>{i.text(i.n)}</ArrowLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
