import { ArrowLeftIcon, HouseIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { apartmentLabel } from '../format';
import { serverApi } from '@/server/api/server-caller';
import { NewRequestForm } from './new-request-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('PortalRequests'))('report') };
}

export default async function NewRequestPage() {
  const portal = await getTranslations('Portal');
  const t = await getTranslations('PortalRequests');
  const api = await serverApi();
  const apartments = await api.residents.myApartments();

  return (
    <>
      <Link
        href="/portal/requests"
        className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('title')}
      </Link>
      <PageHeader
        title={t('report')}
        description={t('new.description')}
      />
      {apartments.length === 0 ? (
        <EmptyState
          icon={HouseIcon}
          title={t('noApartmentTitle')}
          description={t('emptyNoApartment')}
        />
      ) : (
        <NewRequestForm
          apartments={apartments.map((a) => ({ id: a.apartmentId, label: apartmentLabel(a, portal) }))}
        />
      )}
    </>
  );
}
