import type { Metadata } from 'next';
import { InvoiceDetails } from './invoice-details';

export const metadata: Metadata = { title: 'Invoice' };

export default async function InvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <InvoiceDetails id={id} />;
}
