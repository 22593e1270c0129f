import type { inferRouterOutputs } from '@trpc/server';
import { ArrowLink } from '@/components/ui/arrow-link';
import type { AppRouter } from '@/server/api/root';
import { plural } from '../invoices/format';

type ToDo = inferRouterOutputs<AppRouter>['dashboard']['toDo']['data'];

/** Each kind of waiting work as a count linking to its list; what is done shows as done. */
export function ToDoList({ toDo }: { toDo: ToDo }) {
  const items = [
    { n: toDo.draftInvoices, text: (n: number) => `${plural(n, 'draft invoice')} to send`, href: '/invoices?status=draft' },
    { n: toDo.overdueInvoices, text: (n: number) => `${plural(n, 'overdue invoice')}`, href: '/invoices?status=sent&overdue=true' },
    { n: toDo.readingsToReview, text: (n: number) => `${plural(n, 'meter reading')} to review`, href: '/meters#queue-heading' },
    { n: toDo.unmatchedBankEntries, text: (n: number) => `${plural(n, 'bank entry', 'bank entries')} to match`, href: '/payments/statements' },
    { n: toDo.openMaintenanceRequests, text: (n: number) => `${plural(n, 'maintenance request')} open`, href: '/maintenance?status=open' },
    { n: toDo.apartmentsInCollection, text: (n: number) => `${plural(n, 'apartment')} in collection`, href: '/collections' },
  ];
  const waiting = items.filter((i) => i.n > 0);
  return (
    <section aria-labelledby="to-do-heading" className="grid gap-3 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id="to-do-heading" className="text-lg font-semibold">
        To do
      </h2>
      {waiting.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing is waiting for you: no drafts, overdue invoices, readings, bank entries, requests or collections.</p>
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
