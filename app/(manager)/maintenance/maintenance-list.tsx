'use client';

import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { PlusIcon, WrenchIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/load-error';
import { OptionsSelect } from '@/components/ui/options-select';
import { LoadMore } from '@/components/ui/responsive-list';
import { Skeleton } from '@/components/ui/skeleton';
import { useTRPC } from '@/lib/trpc/react';
import { searchOf, useQueryInUrl } from '@/lib/url-state';
import { apartmentLabel, useApartmentDirectory, useBuildings, type Building } from '../residents/apartment-directory';
import { formatDateTime } from '@/lib/format';
import { describeError, errorCode } from '@/lib/trpc/errors';
import { NewRequestDialog } from './new-request-dialog';
import { NEXT, STATUS, STATUSES, type RequestStatus } from './status';

const PAGE_SIZE = 20;
const ALL = 'all';

type Request = {
  id: string;
  buildingId: string;
  apartmentId: string;
  title: string;
  description: string;
  status: RequestStatus;
  photoIds: string[];
  createdAt: string;
  updatedAt: string;
};

/** Maintenance requests from residents, filtered by building and status, moved along their legal next steps. */
export function MaintenanceList({ initial }: { initial: { buildingId?: string; status?: RequestStatus } }) {
  const trpc = useTRPC();
  const buildingsQuery = useBuildings();
  const buildings: Building[] = (buildingsQuery.data?.data ?? []).map((b) => ({ id: b.id, name: b.name }));
  const buildingNames = new Map(buildings.map((b) => [b.id, b.name]));
  const directory = useApartmentDirectory(buildings);

  const [buildingFilter, setBuildingFilter] = useState(initial.buildingId ?? ALL);
  const [statusFilter, setStatusFilter] = useState<RequestStatus | typeof ALL>(initial.status ?? ALL);
  useQueryInUrl('/maintenance', searchOf({ buildingId: buildingFilter === ALL ? undefined : buildingFilter, status: statusFilter === ALL ? undefined : statusFilter }));
  const filtered = buildingFilter !== ALL || statusFilter !== ALL;

  const query = useInfiniteQuery(
    trpc.maintenance.list.infiniteQueryOptions(
      {
        buildingId: buildingFilter === ALL ? undefined : buildingFilter,
        status: statusFilter === ALL ? undefined : statusFilter,
        limit: PAGE_SIZE,
      },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const requests: Request[] = query.data?.pages.flatMap((p) => p.data) ?? [];

  const update = useMutation(trpc.maintenance.updateStatus.mutationOptions());
  const [updating, setUpdating] = useState<{ id: string; to: RequestStatus } | null>(null);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const [filing, setFiling] = useState(false);
  // After a change the clicked button is gone: the focus moves to the request (or the list, if it left the filter).
  const focusAfterRefresh = useRef<string | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const id = focusAfterRefresh.current;
    if (!id || query.isFetching) return;
    focusAfterRefresh.current = null;
    (document.getElementById(`request-${id}-title`) ?? listHeadingRef.current)?.focus();
  }, [query.isFetching, query.data]);

  function changeStatus(request: Request, to: RequestStatus) {
    if (updating) return;
    setUpdating({ id: request.id, to });
    setFailures(({ [request.id]: _dropped, ...rest }) => rest);
    update.mutate(
      { id: request.id, status: to },
      {
        onSuccess: () => {
          setAnnouncement(`“${request.title}” is now ${STATUS[to].label.toLowerCase()}.`);
          focusAfterRefresh.current = request.id;
        },
        onError: (error) => {
          const message =
            errorCode(error) === 'UNPROCESSABLE_CONTENT'
              ? 'Its status had changed meanwhile, so this step is no longer possible. The list has been refreshed.'
              : errorCode(error) === 'NOT_FOUND'
                ? 'This request does not exist any more.'
                : `The status could not be changed. ${describeError(error)}`;
          setFailures((previous) => ({ ...previous, [request.id]: message }));
        },
        onSettled: async () => {
          await query.refetch();
          setUpdating(null);
        },
      },
    );
  }

  const labelOf = (r: Request) => {
    const entry = directory.byId.get(r.apartmentId);
    return apartmentLabel(entry?.buildingName ?? buildingNames.get(r.buildingId), entry?.number);
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading requests…</span>
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    );
  } else if (query.isError) {
    body = <LoadError what="The requests" reason={describeError(query.error)} retry={() => void query.refetch()} />;
  } else if (requests.length === 0) {
    body = filtered ? (
      <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
        No requests match these filters.
      </p>
    ) : (
      <EmptyState
        icon={WrenchIcon}
        title="No maintenance requests yet"
        description="When residents report a problem in the resident portal, it appears here with their photos, and you move it along until it is resolved."
      />
    );
  } else {
    body = (
      <>
        <ul aria-labelledby="requests-heading" aria-busy={query.isPlaceholderData} className="grid gap-4">
          {requests.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                apartment={labelOf(request)}
                savingTo={updating?.id === request.id ? updating.to : null}
                disabled={updating !== null}
                error={failures[request.id]}
                onChange={(to) => changeStatus(request, to)}
              />
            </li>
          ))}
        </ul>
        <LoadMore query={query} label="Load more requests" className="" />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Maintenance"
        description="Problems residents report in the portal, or you file for them. Move each one along as the work goes on; the residents are told by email."
        actions={
          <Button onClick={() => setFiling(true)}>
            <PlusIcon aria-hidden="true" />
            New request
          </Button>
        }
      />
      <NewRequestDialog
        open={filing}
        onOpenChange={setFiling}
        onFiled={(message) => {
          setAnnouncement(message);
          void query.refetch();
        }}
      />
      <div className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
          <FormField label="Building">
            <OptionsSelect
              value={buildingFilter}
              onChange={setBuildingFilter}
              options={[{ value: ALL, label: 'All buildings' }, ...buildings.map((b) => ({ value: b.id, label: b.name }))]}
            />
          </FormField>
          <FormField label="Status">
            <OptionsSelect
              value={statusFilter}
              onChange={(value) => setStatusFilter(value as RequestStatus | typeof ALL)}
              options={[{ value: ALL, label: 'All statuses' }, ...STATUSES.map((s) => ({ value: s, label: STATUS[s].label }))]}
            />
          </FormField>
        </div>

        <section aria-labelledby="requests-heading" className="grid gap-3">
          <h2 id="requests-heading" ref={listHeadingRef} tabIndex={-1} className="sr-only">
            Requests
          </h2>
          {body}
        </section>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
    </>
  );
}

function RequestCard({
  request,
  apartment,
  savingTo,
  disabled,
  error,
  onChange,
}: {
  request: Request;
  apartment: string;
  /** The status being saved, while it is. */
  savingTo: RequestStatus | null;
  disabled: boolean;
  error?: string;
  onChange: (to: RequestStatus) => void;
}) {
  const status = STATUS[request.status];
  const titleId = `request-${request.id}-title`;
  const next = NEXT[request.status];
  const photos = request.photoIds;

  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} tabIndex={-1} className="min-w-0 font-semibold wrap-break-word focus-visible:outline-none">
          {request.title}
        </h3>
        <Badge variant={status.variant} className="shrink-0">
          <span className="sr-only">Status: </span>
          {status.label}
        </Badge>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{apartment}</span>
        <span>
          Reported <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
        </span>
        {request.updatedAt !== request.createdAt && (
          <span>
            Updated <time dateTime={request.updatedAt}>{formatDateTime(request.updatedAt)}</time>
          </span>
        )}
      </p>
      <p className="text-sm whitespace-pre-line wrap-break-word">{request.description}</p>

      {photos.length > 0 && (
        <ul aria-label={`Photos of “${request.title}”`} className="flex flex-wrap gap-2">
          {photos.map((id, index) => (
            <li key={id}>
              <a
                href={`/api/uploads/${id}`}
                target="_blank"
                rel="noopener noreferrer"
                className="block size-20 overflow-hidden rounded-md border bg-muted hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:size-24"
              >
                {/* An uploaded photo behind the session cookie; next/image would fetch it without that cookie. */}
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  src={`/api/uploads/${id}`}
                  alt={`Photo ${index + 1} of ${photos.length}, opens full size in a new tab`}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}

      {error && <ErrorAlert>{error}</ErrorAlert>}

      {next.length > 0 && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {next.map(({ to, label }, i) => (
            <Button
              key={to}
              variant={i === 0 ? 'default' : 'outline'}
              aria-disabled={disabled}
              className="h-11 w-full aria-disabled:opacity-60 sm:w-auto"
              onClick={() => {
                if (!disabled) onChange(to);
              }}
            >
              {savingTo === to ? 'Saving…' : label}
              <span className="sr-only"> “{request.title}”</span>
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
