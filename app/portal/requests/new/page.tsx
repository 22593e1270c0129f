import { ArrowLeftIcon, HouseIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { apartmentLabel } from '../format';
import { serverApi } from '@/server/api/server-caller';
import { NewRequestForm } from './new-request-form';

export const metadata: Metadata = { title: 'Report a problem' };

export default async function NewRequestPage() {
  const portal = await getTranslations('Portal');
  const api = await serverApi();
  const apartments = await api.residents.myApartments();

  return (
    <>
      <Link
        href="/portal/requests"
        className="-ml-2 mb-2 inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Requests
      </Link>
      <PageHeader
        title="Report a problem"
        description="Tell your building manager what is wrong and where. Photos help them bring the right tools."
      />
      {apartments.length === 0 ? (
        <EmptyState
          icon={HouseIcon}
          title="No apartment is linked to your account yet"
          description="Once your building manager links your account to your apartment, you can report problems here."
        />
      ) : (
        <NewRequestForm
          apartments={apartments.map((a) => ({ id: a.apartmentId, label: apartmentLabel(a, portal) }))}
        />
      )}
    </>
  );
}
