import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AccountStatement, AccountSummary } from '@/components/account/account-statement';
import { BackLink } from '@/components/ui/back-link';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { failureOf, serverApi } from '@/server/api/server-caller';
import { ApartmentReminders } from './apartment-reminders';

export const metadata: Metadata = { title: 'Apartment account' };

/** A manager's view of one apartment's account: what it owes, its statement, its reminders and collection. */
export default async function ApartmentAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await serverApi();
  let account;
  try {
    account = (await api.apartments.account({ id })).data;
  } catch (err) {
    if (['NOT_FOUND', 'BAD_REQUEST'].includes(failureOf(err).code ?? '')) notFound();
    throw err;
  }
  return (
    <>
      <BackLink href={`/buildings/${account.buildingId}`}>{account.buildingName}</BackLink>
      <PageHeader title={`Apartment ${account.apartmentNumber}`} description={`${account.buildingName}: what the apartment owes, and every invoice and payment.`} />
      <div className="grid min-w-0 gap-6">
        {account.collectionDemandId && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="warning">In collection</Badge>A payment demand is open for this apartment.
            <Link href="/collections" className="font-medium text-primary underline-offset-4 hover:underline">
              See collections
            </Link>
          </p>
        )}
        <AccountSummary account={account} />
        <AccountStatement account={account} invoiceHref={(invoiceId) => `/invoices/${invoiceId}`} />
        <ApartmentReminders apartmentId={account.apartmentId} currency={account.currency} />
      </div>
    </>
  );
}
