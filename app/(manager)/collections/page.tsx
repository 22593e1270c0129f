import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CollectionsView } from './collections-view';
import { DEMAND_FILTERS } from './filters';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Collections'))('title') };
}

/** `?status=open|settled|withdrawn|all` (open by default: the apartments in collection). */
export default async function CollectionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { status } = await searchParams;
  const initial = DEMAND_FILTERS.find((f) => f === status) ?? 'open';
  return <CollectionsView initial={initial} />;
}
