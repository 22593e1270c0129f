import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { BuildingDetails } from './building-details';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Building'))('title') };
}

export default async function BuildingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BuildingDetails id={id} />;
}
