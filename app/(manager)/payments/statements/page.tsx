import type { Metadata } from 'next';
import { demoToolsEnabled } from '@/server/env';
import { StatementsView } from './statements-view';

export const metadata: Metadata = { title: 'Bank statements' };

export default function StatementsPage() {
  return <StatementsView demo={demoToolsEnabled} />;
}
