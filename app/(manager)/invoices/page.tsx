import { ReceiptTextIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Invoices' };

export default function InvoicesPage() {
  return (
    <>
      <PageHeader title="Invoices" description="Invoices for each billing period, from draft to paid." />
      <EmptyState
        icon={ReceiptTextIcon}
        title="Invoicing is not available yet"
        description="This page will list invoices by status (draft, sent, paid or void) with overdue ones flagged. You will generate a billing period’s invoices for a whole building, email them to residents with the PDF attached and record payments."
      />
    </>
  );
}
