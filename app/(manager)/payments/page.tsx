import { CreditCardIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Payments' };

export default function PaymentsPage() {
  return (
    <>
      <PageHeader title="Payments" description="Money received by bank link, bank transfer or recorded by hand." />
      <EmptyState
        icon={CreditCardIcon}
        title="Payments are not available yet"
        description="This page will list payments with the invoices they settle. You will import bank statements (camt.053 or CSV) here; payments are matched to invoices by reference number, and the ones that cannot be matched wait for you to assign them."
      />
    </>
  );
}
