import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AccountStatement, AccountSummary } from '@/components/account/account-statement';
import { BackLink } from '@/components/ui/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { failureOf, serverApi } from '@/server/api/server-caller';

export const metadata: Metadata = { title: 'Account statement' };

/** A resident's own apartment account: what they owe, and every invoice and payment with the running balance. */
export default async function PortalAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let account;
  try {
    account = (await (await serverApi()).apartments.account({ id })).data;
  } catch (err) {
    if (['NOT_FOUND', 'BAD_REQUEST'].includes(failureOf(err).code ?? '')) notFound();
    throw err;
  }
  return (
    <>
      <BackLink href="/portal">Home</BackLink>
      <PageHeader title="Account statement" description={`${account.buildingName}, apartment ${account.apartmentNumber}`} />
      <div className="grid min-w-0 gap-6">
        <AccountSummary account={account} />
        <AccountStatement account={account} invoiceHref={(invoiceId) => `/portal/invoices/${invoiceId}`} />
      </div>
    </>
  );
}
