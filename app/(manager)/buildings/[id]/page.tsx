import type { Metadata } from 'next';
import { BuildingDetails } from './building-details';

export const metadata: Metadata = { title: 'Building' };

export default async function BuildingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BuildingDetails id={id} />;
}
