import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { definedOnly, listParams, type SearchParams } from '@/lib/list-params';
import type { Filters } from './filters-bar';
import { INVOICE_STATUSES } from './format';
import { SORTS } from './sorts';
import { InvoicesView } from './invoices-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Invoices'))('title') };
}

/** Links (the dashboard's, say) and reloads open the list as it was: ?status=sent&overdue=true&buildingId=…&apartmentId=…&from=…&to=…&sort=… */
export default async function InvoicesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const p = listParams(await searchParams);
  const buildingId = p.uuid('buildingId');
  const initial: Partial<Filters> = definedOnly({
    status: p.oneOf('status', INVOICE_STATUSES),
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
