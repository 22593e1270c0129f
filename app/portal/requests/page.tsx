import { CameraIcon, PlusIcon, WrenchIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
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

export const metadata: Metadata = { title: 'Requests' };

const PAGE_SIZE = 30;

type SearchParams = Promise<{ created?: string | string[]; cursor?: string | string[] }>;

export default async function PortalRequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const created = typeof params.created === 'string' ? params.created : undefined;
  const cursor = typeof params.cursor === 'string' && params.cursor.length <= 500 ? params.cursor : undefined;

  const portal = await getTranslations('Portal');
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
        Report a problem
      </Link>
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Requests"
        description="Maintenance requests for your apartment or building."
        actions={requests.data.length > 0 || cursor ? reportButton : undefined}
      />
      {created && <CreatedNotice title={createdRequest?.title} />}

      {requests.data.length === 0 && !cursor ? (
        <EmptyState
          icon={WrenchIcon}
          title="No requests yet"
          description={
            apartments.length > 0
              ? 'Report a problem in your apartment or building here, add photos and follow its progress until it is resolved.'
              : 'Once your building manager links your account to your apartment, you can report problems here.'
          }
        >
          {reportButton}
        </EmptyState>
      ) : (
        <section aria-labelledby="requests-heading" className="grid gap-3">
          <h2 id="requests-heading" className="text-lg font-semibold">
            {cursor ? 'Older requests' : 'Your requests'}
          </h2>
          {requests.data.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
              There are no older requests.
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
                        <span className="sr-only">Status: </span>
                        {status.label}
                      </Badge>
                    </div>
                    <p className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground wrap-break-word">
                      {request.description}
                    </p>
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                      <span>
                        Reported <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
                      </span>
                      <span>{apartment ? apartmentLabel(apartment, portal) : 'An apartment you no longer live in'}</span>
                      {request.photoIds.length > 0 && (
                        <span className="inline-flex items-center gap-1">
                          <CameraIcon className="size-4" aria-hidden="true" />
                          {request.photoIds.length === 1 ? '1 photo' : `${request.photoIds.length} photos`}
                        </span>
                      )}
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
          {(requests.nextCursor || cursor) && (
          <nav aria-label="More requests" className="flex flex-col gap-2 sm:flex-row">
            {requests.nextCursor && (
              <Link
                href={`/portal/requests?cursor=${encodeURIComponent(requests.nextCursor)}`}
                className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full sm:w-auto')}
              >
                Show older requests
              </Link>
            )}
            {cursor && (
              <Link
                href="/portal/requests"
                className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'w-full sm:w-auto')}
              >
                Back to the newest
              </Link>
            )}
          </nav>
          )}
        </section>
      )}
    </>
  );
}
