import type { Metadata } from 'next';
import { definedOnly, listParams, type SearchParams } from '@/lib/list-params';
import type { Filters } from './filters-bar';
import { SORTS } from './sorts';
import { InvoicesView } from './invoices-view';

export const metadata: Metadata = { title: 'Invoices' };

const STATUSES = ['draft', 'sent', 'paid', 'void'] as const;

/** Links (the dashboard's, say) and reloads open the list as it was: ?status=sent&overdue=true&buildingId=…&apartmentId=…&from=…&to=…&sort=… */
export default async function InvoicesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const p = listParams(await searchParams);
  const buildingId = p.uuid('buildingId');
  const initial: Partial<Filters> = definedOnly({
    status: p.oneOf('status', STATUSES),
    overdue: p.text('overdue') === 'true' ? true : undefined,
    from: p.date('from'),
    to: p.date('to'),
    sort: p.sort(SORTS),
    buildingId,
    // An apartment only with its building, which the apartment filter depends on.
    apartmentId: buildingId ? p.uuid('apartmentId') : undefined,
  });
  return <InvoicesView initial={initial} />;
}
