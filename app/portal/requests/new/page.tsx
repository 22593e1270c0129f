import {  HouseIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { BackLink } from '@/components/ui/back-link';
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
      <BackLink href="/portal/requests">{t('title')}</BackLink>
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
