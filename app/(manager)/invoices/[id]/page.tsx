import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InvoiceDetails } from './invoice-details';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Invoice'))('title') };
}

export default async function InvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <InvoiceDetails id={id} />;
}
