import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AccountStatement, AccountSummary } from '@/components/account/account-statement';
import { BackLink } from '@/components/ui/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { failureOf, serverApi } from '@/server/api/server-caller';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Portal'))('statement.title') };
}

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
  const t = await getTranslations('Portal');
  return (
    <>
      <BackLink href="/portal">{t('home.title')}</BackLink>
      <PageHeader title={t('statement.title')} description={t('statement.description', { building: account.buildingName, number: account.apartmentNumber })} />
      <div className="grid min-w-0 gap-6">
        <AccountSummary account={account} />
        <AccountStatement account={account} invoiceHref={(invoiceId) => `/portal/invoices/${invoiceId}`} />
      </div>
    </>
  );
}
