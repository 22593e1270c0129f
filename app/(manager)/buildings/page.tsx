import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ApartmentSearch } from './apartment-search';
import { BuildingsList } from './buildings-list';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Buildings'))('title') };
}

export default async function BuildingsPage({ searchParams }: { searchParams: Promise<{ deleted?: string | string[] }> }) {
  // Set by the building page after a deletion, so the list can confirm it.
  const { deleted } = await searchParams;
  return <BuildingsList deleted={typeof deleted === 'string' ? deleted.slice(0, 200) : undefined} search={<ApartmentSearch />} />;
}
