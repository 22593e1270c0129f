import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountStatement, AccountSummary } from '@/components/account/account-statement';
import { BackLink } from '@/components/ui/back-link';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { failureOf, serverApi } from '@/server/api/server-caller';
import { ApartmentReminders } from './apartment-reminders';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Apartment'))('metaTitle') };
}

/** A manager's view of one apartment's account: what it owes, its statement, its reminders and collection. */
export default async function ApartmentAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const t = await getTranslations('Apartment');
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
      <PageHeader title={t('title', { number: account.apartmentNumber })} description={t('description', { building: account.buildingName })} />
      <div className="grid min-w-0 gap-6">
        {account.collectionDemandId && (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="warning">{t('inCollection')}</Badge>
            {t('demandOpen')}
            <Link href="/collections" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('seeCollections')}
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
