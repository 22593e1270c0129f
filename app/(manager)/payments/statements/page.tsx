import type { Metadata } from 'next';
import { StatementsView } from './statements-view';

export const metadata: Metadata = { title: 'Bank statements' };

export default function StatementsPage() {
  return <StatementsView />;
}
