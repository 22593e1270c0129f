'use client';

import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { PlusIcon, WrenchIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { OptionsSelect } from '@/components/ui/options-select';
import { PagedList } from '@/components/ui/paged-list';
import { TitledSection } from '@/components/ui/titled-section';
import { useTRPC } from '@/lib/trpc/react';
import { searchOf, useQueryInUrl } from '@/lib/url-state';
import { BuildingFilter } from '../building-filter';
import { useApartmentDirectory, useApartmentLabel, useBuildings, type Building } from '../residents/apartment-directory';
import { describeError, errorCode } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { NewRequestDialog } from './new-request-dialog';
import { ExportLink, SearchField, SortSelect } from '@/components/ui/list-controls';
import { maintenanceListQuery, type MaintenanceQuery, MAINTENANCE_SORTS, NO_MAINTENANCE_QUERY } from './maintenance-query';
import { RequestCard } from './request-card';
import { type MaintenanceRequest, STATUSES, type RequestStatus } from './status';

const PAGE_SIZE = 20;
const ALL = 'all';

/** Maintenance requests from residents, filtered by building and status, moved along their legal next steps. */
export function MaintenanceList({ initial }: { initial: Partial<MaintenanceQuery> }) {
  const words = useErrorWords();
  const t = useTranslations('Maintenance');
  const apartmentLabel = useApartmentLabel();
  const trpc = useTRPC();
  const buildingsQuery = useBuildings();
  const buildings: Building[] = (buildingsQuery.data?.data ?? []).map((b) => ({ id: b.id, name: b.name }));
  const buildingNames = new Map(buildings.map((b) => [b.id, b.name]));
  const directory = useApartmentDirectory(buildings);

  const [filters, setFilters] = useState<MaintenanceQuery>({ ...NO_MAINTENANCE_QUERY, ...initial });
  const set = (patch: Partial<MaintenanceQuery>) => setFilters((previous) => ({ ...previous, ...patch }));
  const listQuery = maintenanceListQuery(filters);
  const search = searchOf(listQuery);
  useQueryInUrl('/maintenance', search);
  const filtered = Boolean(listQuery.buildingId || listQuery.status || listQuery.q);

  const query = useInfiniteQuery(
    trpc.maintenance.list.infiniteQueryOptions(
      { ...listQuery, limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const requests: MaintenanceRequest[] = query.data?.pages.flatMap((p) => p.data) ?? [];

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

  function changeStatus(request: MaintenanceRequest, to: RequestStatus) {
    if (updating) return;
    setUpdating({ id: request.id, to });
    setFailures(({ [request.id]: _dropped, ...rest }) => rest);
    update.mutate(
      { id: request.id, status: to },
      {
        onSuccess: () => {
          setAnnouncement(t('nowStatus', { title: request.title, status: to }));
          focusAfterRefresh.current = request.id;
        },
        onError: (error) => {
          const message =
            errorCode(error) === 'UNPROCESSABLE_CONTENT'
              ? t('changedMeanwhile')
              : errorCode(error) === 'NOT_FOUND'
                ? t('gone')
                : t('changeFailed', { reason: describeError(error, words) });
          setFailures((previous) => ({ ...previous, [request.id]: message }));
        },
        onSettled: async () => {
          await query.refetch();
          setUpdating(null);
        },
      },
    );
  }

  const labelOf = (r: MaintenanceRequest) => {
    const entry = directory.byId.get(r.apartmentId);
    return apartmentLabel(entry?.buildingName ?? buildingNames.get(r.buildingId), entry?.number);
  };

  const body = (
    <PagedList query={query} count={requests.length} filtered={filtered} t={t} skeletonRows={2} loadMore={{ label: t('loadMore'), className: '' }} empty={<EmptyState icon={WrenchIcon} title={t('emptyTitle')} description={t('emptyText')} />}>
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
    </PagedList>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => setFiling(true)}>
            <PlusIcon aria-hidden="true" />
            {t('newRequest')}
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
        <section aria-label={t('filters')} className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end [&>*]:min-w-0">
          <SearchField value={filters.q} onChange={(q) => set({ q })} placeholder={t('searchPlaceholder')} />
          <BuildingFilter value={filters.buildingId} onChange={(buildingId) => set({ buildingId })} buildings={buildings} />
          <FormField label={t('status')}>
            <OptionsSelect
              value={filters.status || ALL}
              onChange={(value) => set({ status: value === ALL ? '' : (value as RequestStatus) })}
              options={[{ value: ALL, label: t('allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
            />
          </FormField>
          <SortSelect value={filters.sort} onChange={(sort) => set({ sort })} options={MAINTENANCE_SORTS.map((s) => ({ value: s.value, label: t(`sorts.${s.label}`) }))} />
          <ExportLink href={`/api/maintenance-requests/export${search ? `?${search}` : ''}`} />
        </section>

        <TitledSection id="requests-heading" title={t('requests')} headingRef={listHeadingRef} hiddenTitle>
          {body}
        </TitledSection>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      </div>
    </>
  );
}
