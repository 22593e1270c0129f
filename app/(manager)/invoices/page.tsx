import type { Metadata } from 'next';
import type { Filters } from './filters-bar';
import { SORTS } from './sorts';
import { InvoicesView } from './invoices-view';

export const metadata: Metadata = { title: 'Invoices' };

type Search = Record<string, string | string[] | undefined>;
const STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
const UUID = /^[0-9a-f-]{36}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.slice(0, 100) : undefined);

/** Links (the dashboard's, say) and reloads open the list as it was: ?status=sent&overdue=true&buildingId=…&apartmentId=…&from=…&to=…&sort=… */
export default async function InvoicesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const status = STATUSES.find((s) => s === one(search.status));
  const SORT = SORTS.find((s) => s.value === one(search.sort))?.value;
  const initial: Partial<Filters> = {
    ...(status ? { status } : {}),
    ...(one(search.overdue) === 'true' ? { overdue: true } : {}),
    ...(DATE.test(one(search.from) ?? '') ? { from: one(search.from) } : {}),
    ...(DATE.test(one(search.to) ?? '') ? { to: one(search.to) } : {}),
    ...(SORT ? { sort: SORT } : {}),
    ...(UUID.test(one(search.buildingId) ?? '') ? { buildingId: one(search.buildingId) } : {}),
    // An apartment only with its building, which the apartment filter depends on.
    ...(UUID.test(one(search.buildingId) ?? '') && UUID.test(one(search.apartmentId) ?? '') ? { apartmentId: one(search.apartmentId) } : {}),
  };
  return <InvoicesView initial={initial} />;
}
