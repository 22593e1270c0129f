import type { Metadata } from 'next';
import { ResidentsView } from './residents-view';

export const metadata: Metadata = { title: 'Residents' };

export default function ResidentsPage() {
  return <ResidentsView />;
}
