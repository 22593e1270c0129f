import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { definedOnly, listParams, type SearchParams } from '@/lib/list-params';
import { RESIDENT_SORTS } from './residents-query';
import { ResidentsView } from './residents-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Residents'))('title') };
}

/** The search, building and order live in the address (?q=…&buildingId=…&sort=…). */
export default async function ResidentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const p = listParams(await searchParams);
  return <ResidentsView initial={definedOnly({ buildingId: p.uuid('buildingId'), q: p.text('q'), sort: p.sort(RESIDENT_SORTS) })} />;
}
