import type { Metadata } from 'next';
import { CollectionsView } from './collections-view';
import { DEMAND_FILTERS, type DemandFilter } from './filters';

export const metadata: Metadata = { title: 'Collections' };

/** `?status=open|settled|withdrawn|all` (open by default: the apartments in collection). */
export default async function CollectionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { status } = await searchParams;
  const initial = DEMAND_FILTERS.find((f) => f.value === status)?.value ?? 'open';
  return <CollectionsView initial={initial as DemandFilter} />;
}
