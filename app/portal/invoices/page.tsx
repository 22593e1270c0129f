import { ReceiptTextIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Invoices' };

export default function PortalInvoicesPage() {
  return (
    <>
      <PageHeader title="Invoices" description="Invoices for your apartment." />
      <EmptyState
        icon={ReceiptTextIcon}
        title="Invoices are not available here yet"
        description="Your invoices will appear here once your building manager sends them. You will be able to download each one as a PDF and pay it by bank link."
      />
    </>
  );
}
