import { CameraIcon, PlusIcon, WrenchIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/utils';
import { CreatedNotice } from './created-notice';
import { apartmentLabel, formatDate } from './format';
import { serverApi } from '@/server/api/server-caller';
import { STATUS } from './status';
import { TitledSection } from '@/components/ui/titled-section';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('PortalRequests'))('title') };
}

const PAGE_SIZE = 30;

type SearchParams = Promise<{ created?: string | string[]; cursor?: string | string[] }>;

export default async function PortalRequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const locale = await getLocale();
  const params = await searchParams;
  const created = typeof params.created === 'string' ? params.created : undefined;
  const cursor = typeof params.cursor === 'string' && params.cursor.length <= 500 ? params.cursor : undefined;

  const portal = await getTranslations('Portal');
  const t = await getTranslations('PortalRequests');
  const api = await serverApi();
  const [apartments, requests] = await Promise.all([
    api.residents.myApartments(),
    api.maintenance.list({ limit: PAGE_SIZE, cursor }),
  ]);
  const apartmentsById = new Map(apartments.map((a) => [a.apartmentId, a]));
  const createdRequest = created ? requests.data.find((r) => r.id === created) : undefined;

  const reportButton = apartments.length > 0 && (
    <Button asChild size="lg" className="w-full sm:w-auto">
      <Link href="/portal/requests/new">
        <PlusIcon aria-hidden="true" />
        {t('report')}
      </Link>
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={requests.data.length > 0 || cursor ? reportButton : undefined}
      />
      {created && <CreatedNotice title={createdRequest?.title} />}

      {requests.data.length === 0 && !cursor ? (
        <EmptyState
          icon={WrenchIcon}
          title={t('emptyTitle')}
          description={
            apartments.length > 0
              ? t('emptyText')
              : t('emptyNoApartment')
          }
        >
          {reportButton}
        </EmptyState>
      ) : (
        <TitledSection id="requests-heading" title={cursor ? t('older') : t('yours')}>
          {requests.data.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
              {t('noOlder')}
            </p>
          ) : (
            <ul aria-labelledby="requests-heading" className="grid gap-3">
              {requests.data.map((request) => {
                const apartment = apartmentsById.get(request.apartmentId);
                const status = STATUS[request.status];
                return (
                  <li
                    key={request.id}
                    className={cn(
                      'grid gap-2 rounded-lg border bg-card p-4 shadow-sm',
                      request.id === created && 'border-success/50 ring-1 ring-success/30',
                    )}
                  >
                    <div className="flex items-start justify-between gap-3">
                      <h3 className="min-w-0 font-semibold wrap-break-word">{request.title}</h3>
                      <Badge variant={status.variant} className="shrink-0">
                        <span className="sr-only">{t('statusLabel')} </span>
                        {t(status.label)}
                      </Badge>
                    </div>
                    <p className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground wrap-break-word">
                      {request.description}
                    </p>
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                      <span>
                        {t.rich('reported', { date: formatDate(request.createdAt, locale), time: (chunks) => <time dateTime={request.createdAt}>{chunks}</time> })}
                      </span>
                      <span>{apartment ? apartmentLabel(apartment, portal) : t('formerApartment')}</span>
                      {request.photoIds.length > 0 && (
                        <span className="inline-flex items-center gap-1">
                          <CameraIcon className="size-4" aria-hidden="true" />
                          {t('photoCount', { count: request.photoIds.length })}
                        </span>
                      )}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
          {(requests.nextCursor || cursor) && (
          <nav aria-label={t('more')} className="flex flex-col gap-2 sm:flex-row">
            {requests.nextCursor && (
              <Link
                href={`/portal/requests?cursor=${encodeURIComponent(requests.nextCursor)}`}
                className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full sm:w-auto')}
              >
                {t('showOlder')}
              </Link>
            )}
            {cursor && (
              <Link
                href="/portal/requests"
                className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full sm:w-auto')}
              >
                {t('newest')}
              </Link>
            )}
          </nav>
          )}
        </TitledSection>
      )}
    </>
  );
}
