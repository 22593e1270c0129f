import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { demoToolsEnabled } from '@/server/env';
import { StatementsView } from './statements-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('BankStatements'))('title') };
}

export default function StatementsPage() {
  return <StatementsView demo={demoToolsEnabled} />;
}
