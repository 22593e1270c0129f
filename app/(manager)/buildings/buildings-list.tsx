'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Building2Icon, CircleAlertIcon, CircleCheckIcon, PlusIcon, SearchIcon } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useTRPC } from '@/lib/trpc/react';
import { AddBuildingDialog } from './add-building-dialog';
import { describeError } from '@/lib/trpc/errors';
import { useDebouncedValue } from './use-debounced-value';

const PAGE_SIZE = 50;

/** The tenant's buildings: search by name, a page at a time, and the "Add building" dialog. */
export function BuildingsList({ deleted }: { deleted?: string }) {
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
        title="Buildings"
        description="Your buildings, their apartments and how each building is billed."
        actions={
          <Button ref={addButtonRef} onClick={() => openAdd('header')} className="w-full sm:w-auto">
            <PlusIcon aria-hidden="true" />
            Add building
          </Button>
        }
      />

      {deleted && (
        <Alert variant="success" role="status" className="mb-6">
          <CircleCheckIcon aria-hidden="true" />
          <p>The building “{deleted}” has been deleted with its apartments and meters.</p>
        </Alert>
      )}

      <section aria-labelledby="buildings-heading" className="grid min-w-0 gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="buildings-heading" className="text-lg font-semibold">
            All buildings
          </h2>
          <div role="search" className="grid gap-2 sm:w-72">
            <Label htmlFor="building-search">Search by name</Label>
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
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading buildings…</span>
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        ) : query.isError && buildings.length === 0 ? (
          <Alert variant="destructive" role="alert">
            <CircleAlertIcon aria-hidden="true" />
            <div className="grid gap-2">
              <p>The buildings could not be loaded. {describeError(query.error)}</p>
              <div>
                <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </div>
            </div>
          </Alert>
        ) : noBuildingsAtAll ? (
          <EmptyState
            icon={Building2Icon}
            title="No buildings yet"
            description="Add your first building, then its apartments (by hand or from a CSV file) and the charge rules that make up its invoices."
            titleAs="h2"
          >
            <Button ref={emptyAddButtonRef} onClick={() => openAdd('empty')}>
              <PlusIcon aria-hidden="true" />
              Add your first building
            </Button>
          </EmptyState>
        ) : buildings.length === 0 ? (
          <p role="status" className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
            No buildings match “{q}”.
          </p>
        ) : (
          <>
            <p role="status" className="sr-only">
              {searching
                ? `${buildings.length}${query.hasNextPage ? '+' : ''} buildings match “${q}”.`
                : `${buildings.length}${query.hasNextPage ? '+' : ''} buildings.`}
            </p>
            {/* Tablets and up: a table. */}
            <div className="hidden min-w-0 sm:block">
              <Table aria-labelledby="buildings-heading" aria-busy={query.isFetching}>
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>Address</TableHead>
                    <TableHead>City</TableHead>
                    <TableHead className="text-right">Apartments</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {buildings.map((building) => (
                    <TableRow key={building.id}>
                      <TableCell className="font-medium">
                        <Link
                          id={`building-link-${building.id}`}
                          href={`/buildings/${building.id}`}
                          className="inline-flex min-h-10 items-center text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                        >
                          {building.name}
                        </Link>
                      </TableCell>
                      <TableCell className="min-w-40">{building.address}</TableCell>
                      <TableCell>{building.city ?? <span className="text-muted-foreground">—</span>}</TableCell>
                      <TableCell className="text-right tabular-nums">{building.apartmentCount}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {/* Phones: one card per building, so the apartment count is not scrolled out of sight. */}
            <ul aria-labelledby="buildings-heading" className="divide-y rounded-lg border bg-card sm:hidden">
              {buildings.map((building) => (
                <li key={building.id} className="grid gap-1 p-4">
                  <Link
                    id={`building-card-link-${building.id}`}
                    href={`/buildings/${building.id}`}
                    className="inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {building.name}
                  </Link>
                  <p className="text-sm break-words">
                    {[building.address, building.city].filter(Boolean).join(', ')}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {building.apartmentCount === 1 ? '1 apartment' : `${building.apartmentCount} apartments`}
                  </p>
                </li>
              ))}
            </ul>
            {query.isFetchNextPageError && (
              <Alert variant="destructive" role="alert">
                <CircleAlertIcon aria-hidden="true" />
                <p>More buildings could not be loaded. {describeError(query.error)}</p>
              </Alert>
            )}
            {query.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  aria-disabled={query.isFetchingNextPage}
                  className="w-full aria-disabled:opacity-60 sm:w-auto"
                  onClick={() => void loadMore()}
                >
                  {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            )}
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
