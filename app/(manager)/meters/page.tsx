import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { definedOnly, listParams, type SearchParams } from '@/lib/list-params';
import { MetersView } from './meters-view';
import { METER_SORTS } from './sorts';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Meters'))('title') };
}

/** The building, search and order live in the address (?buildingId=…&q=…&sort=…). */
export default async function MetersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const p = listParams(await searchParams);
  return <MetersView initial={definedOnly({ buildingId: p.uuid('buildingId'), q: p.text('q'), sort: p.sort(METER_SORTS) })} />;
}
