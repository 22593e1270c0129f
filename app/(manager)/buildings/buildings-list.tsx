'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Building2Icon, CircleCheckIcon, PlusIcon, SearchIcon } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/load-error';
import { figureCells, ListSkeleton, LoadMore, NoMatches, ResponsiveList } from '@/components/ui/responsive-list';
import { useTRPC } from '@/lib/trpc/react';
import { AddBuildingDialog } from './add-building-dialog';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useDebouncedValue } from './use-debounced-value';

const PAGE_SIZE = 50;

/** The tenant's buildings: search by name, a page at a time, and the "Add building" dialog. */
export function BuildingsList({ deleted, search: apartmentSearch }: { deleted?: string; search?: ReactNode }) {
  const words = useErrorWords();
  const t = useTranslations('Buildings');
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [addOpen, setAddOpen] = useState(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const emptyAddButtonRef = useRef<HTMLButtonElement>(null);
  const [addOpenedFrom, setAddOpenedFrom] = useState<'header' | 'empty'>('header');

  // The deletion notice belongs to this visit: drop ?deleted= so a reload does not repeat it.
  useEffect(() => {
    if (deleted) window.history.replaceState(window.history.state, '', '/buildings');
  }, [deleted]);

  const query = useInfiniteQuery(
    trpc.buildings.list.infiniteQueryOptions(
      { q: q || undefined, limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const buildings = query.data?.pages.flatMap((p) => p.data) ?? [];

  // After "Load more", the focus moves to the first building that arrived (the button may disappear).
  const focusBuildingId = useRef<string | null>(null);
  useEffect(() => {
    const id = focusBuildingId.current;
    if (!id) return;
    // The table's link on wider screens, the card's on phones: whichever is shown.
    const link = [document.getElementById(`building-link-${id}`), document.getElementById(`building-card-link-${id}`)].find(
      (element) => element && element.offsetParent !== null,
    );
    if (link) {
      focusBuildingId.current = null;
      link.focus();
    }
  });

  async function loadMore() {
    if (query.isFetchingNextPage) return;
    const result = await query.fetchNextPage();
    const first = result.data?.pages.at(-1)?.data[0];
    if (first) focusBuildingId.current = first.id;
  }

  function openAdd(from: 'header' | 'empty') {
    setAddOpenedFrom(from);
    setAddOpen(true);
  }

  const searching = q !== '';
  const noBuildingsAtAll = query.isSuccess && !searching && buildings.length === 0 && !query.isPlaceholderData;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button ref={addButtonRef} onClick={() => openAdd('header')} className="w-full sm:w-auto">
            <PlusIcon aria-hidden="true" />
            {t('addBuilding')}
          </Button>
        }
      />

      {deleted && (
        <Alert variant="success" role="status" className="mb-6">
          <CircleCheckIcon aria-hidden="true" />
          <p>{t('deletedNotice', { name: deleted })}</p>
        </Alert>
      )}

      {apartmentSearch && <div className="mb-6">{apartmentSearch}</div>}

      <section aria-labelledby="buildings-heading" className="grid min-w-0 gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="buildings-heading" className="text-lg font-semibold">
            {t('allBuildings')}
          </h2>
          <div role="search" className="grid gap-2 sm:w-72">
            <Label htmlFor="building-search">{t('searchByName')}</Label>
            <div className="relative">
              <SearchIcon
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="building-search"
                type="search"
                autoComplete="off"
                className="pl-9"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>
        </div>

        {query.isPending ? (
          <ListSkeleton label={t('loading')} />
        ) : query.isError && buildings.length === 0 ? (
          <LoadError what={t('loadFailed')} reason={describeError(query.error, words)} retry={() => void query.refetch()} />
        ) : noBuildingsAtAll ? (
          <EmptyState
            icon={Building2Icon}
            title={t('emptyTitle')}
            description={t('emptyText')}
            titleAs="h2"
          >
            <Button ref={emptyAddButtonRef} onClick={() => openAdd('empty')}>
              <PlusIcon aria-hidden="true" />
              {t('addFirst')}
            </Button>
          </EmptyState>
        ) : buildings.length === 0 ? (
          <NoMatches>{t('noMatches', { q })}</NoMatches>
        ) : (
          <>
            <p role="status" className="sr-only">
              {searching
                ? t('countMatching', { count: buildings.length, more: String(query.hasNextPage), q })
                : t('count', { count: buildings.length, more: String(query.hasNextPage) })}
            </p>
            {/* Tablets and up a table; phones one card per building, so the apartment count is not scrolled out of sight. */}
            <ResponsiveList
              items={buildings}
              from="sm"
              labelledBy="buildings-heading"
              busy={query.isFetching}
              columns={[
                {
                  header: t('name'),
                  cellClassName: 'font-medium',
                  cell: (building) => (
                    <Link
                      id={`building-link-${building.id}`}
                      href={`/buildings/${building.id}`}
                      className="inline-flex min-h-10 items-center text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      {building.name}
                    </Link>
                  ),
                },
                { header: t('address'), cellClassName: 'min-w-40', cell: (building) => building.address },
                { header: t('city'), cell: (building) => building.city ?? <span className="text-muted-foreground">—</span> },
                { header: t('apartments'), ...figureCells(), cell: (building) => building.apartmentCount },
              ]}
              cardClassName="grid gap-1 p-4"
              card={(building) => (
                <>
                  <Link
                    id={`building-card-link-${building.id}`}
                    href={`/buildings/${building.id}`}
                    className="inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {building.name}
                  </Link>
                  <p className="text-sm break-words">{[building.address, building.city].filter(Boolean).join(', ')}</p>
                  <p className="text-sm text-muted-foreground">
                    {t('apartmentCount', { count: building.apartmentCount })}
                  </p>
                </>
              )}
            />
            <LoadMore query={query} failed={t('moreFailed')} onLoadMore={() => void loadMore()} />
          </>
        )}
      </section>

      <AddBuildingDialog
        open={addOpen}
        onOpenChange={setAddOpen}
        returnFocusTo={addOpenedFrom === 'empty' ? emptyAddButtonRef : addButtonRef}
      />
    </>
  );
}
