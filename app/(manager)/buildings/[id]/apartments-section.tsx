'use client';

import Link from 'next/link';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, CircleAlertIcon, HomeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { ListSkeleton } from '@/components/ui/responsive-list';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Notice } from '@/components/ui/notice';
import { useTRPC } from '@/lib/trpc/react';
import { cn } from '@/lib/utils';
import { compareApartmentNumbers, formatArea, formatMoney } from '../format';
import { describeError, errorCode } from '@/lib/trpc/errors';
import type { Apartment, Building } from '../types';
import { AddApartmentDialog } from './add-apartment-dialog';
import { APARTMENT_FIELDS, APARTMENT_LABELS, apartmentFailure, apartmentValues, checkApartment, type ApartmentErrors, type ApartmentField, type ApartmentValues } from './apartment-fields';
import { ImportApartmentsDialog } from './import-apartments-dialog';

const PAGE_SIZE = 200;

type SortKey = ApartmentField | 'creditBalance';
type Sort = { key: SortKey; direction: 'asc' | 'desc' };

/** By the column, then by number; unknown floors and room counts go last in either direction. */
function sortApartments(apartments: Apartment[], sort: Sort): Apartment[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...apartments].sort((a, b) => {
    if (sort.key === 'number') return sign * compareApartmentNumbers(a.number, b.number);
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === null || y === null) {
      if (x === y) return compareApartmentNumbers(a.number, b.number);
      return x === null ? 1 : -1;
    }
    return sign * (x - y) || compareApartmentNumbers(a.number, b.number);
  });
}

function display(apartment: Apartment, field: ApartmentField): string {
  const value = apartment[field];
  if (value === null) return '—';
  if (field === 'area') return formatArea(apartment.area);
  return String(value);
}

/** The apartment's credit (paid ahead, taken off its next invoices); a dash when there is none. */
function CreditCell({ apartment, currency }: { apartment: Apartment; currency: string }) {
  const credit = apartment.creditBalance;
  return (
    <TableCell className="px-4 text-right whitespace-nowrap tabular-nums">
      {credit === 0 ? (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">None</span>
        </>
      ) : (
        formatMoney(credit, currency)
      )}
    </TableCell>
  );
}

type Editing = { id: string; values: ApartmentValues; errors: ApartmentErrors; formError: string | null };

/** The building's apartments: every page loaded, sortable, added one by one or from CSV, edited in place, deleted. */
export function ApartmentsSection({ building }: { building: Building }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(
    trpc.buildings.listApartments.infiniteQueryOptions(
      { id: building.id, limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  // Sorting is done here over all rows, so every page is loaded.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const loaded = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const [sort, setSort] = useState<Sort>({ key: 'number', direction: 'asc' });
  const apartments = useMemo(() => sortApartments(loaded, sort), [loaded, sort]);
  const loadingAll = query.isPending || hasNextPage;

  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [editing, setEditing] = useState<Editing | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const deleteTrigger = useRef<HTMLElement | null>(null);
  // Focus moves after the next render: into the row being edited, or back to a row's Edit button.
  const pendingFocus = useRef<{ kind: 'input'; field: ApartmentField } | { kind: 'edit'; id: string } | { kind: 'notice' } | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const find = (id: string) => sectionRef.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(id)}"]`);
    if (target.kind === 'input') find(`edit-input:${target.field}`)?.focus();
    else if (target.kind === 'edit') find(`edit:${target.id}`)?.focus();
    else (noticeRef.current ?? headingRef.current)?.focus();
  });

  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Apartment | null>(null);
  const deleted = useRef(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.buildings.listApartments.pathFilter()),
      queryClient.invalidateQueries(trpc.buildings.get.queryFilter({ id: building.id })),
      queryClient.invalidateQueries(trpc.buildings.list.pathFilter()),
      queryClient.invalidateQueries(trpc.buildings.previewCharges.pathFilter()),
    ]);

  const update = useMutation(trpc.buildings.updateApartment.mutationOptions());
  const remove = useMutation(trpc.buildings.deleteApartment.mutationOptions());

  function toggleSort(key: SortKey) {
    setSort((previous) => (previous.key === key ? { key, direction: previous.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' }));
  }

  function startEditing(apartment: Apartment) {
    update.reset();
    setEditing({ id: apartment.id, values: apartmentValues(apartment), errors: {}, formError: null });
    pendingFocus.current = { kind: 'input', field: 'number' };
  }

  function stopEditing() {
    if (!editing || update.isPending) return;
    pendingFocus.current = { kind: 'edit', id: editing.id };
    setEditing(null);
  }

  function saveEditing() {
    if (!editing || update.isPending) return;
    const { input, errors } = checkApartment(editing.values);
    if (!input) {
      setEditing({ ...editing, errors, formError: null });
      const first = APARTMENT_FIELDS.find((f) => errors[f]);
      if (first) pendingFocus.current = { kind: 'input', field: first };
      return;
    }
    setEditing({ ...editing, errors: {}, formError: null });
    const id = editing.id;
    update.mutate(
      { id: building.id, aptId: id, ...input },
      {
        onSuccess: ({ data }) => {
          setNotice(`Apartment ${data.number} has been saved.`);
          pendingFocus.current = { kind: 'edit', id };
          setEditing(null);
          void refresh();
        },
        onError: (error) => {
          if (errorCode(error) === 'NOT_FOUND') {
            setNotice('That apartment had been deleted meanwhile.');
            pendingFocus.current = { kind: 'notice' };
            setEditing(null);
            void refresh();
            return;
          }
          const failure = apartmentFailure(error, 'The apartment could not be saved.');
          setEditing((current) => (current && current.id === id ? { ...current, errors: failure.errors, formError: failure.formError } : current));
          const first = APARTMENT_FIELDS.find((f) => failure.errors[f]);
          if (first) pendingFocus.current = { kind: 'input', field: first };
        },
      },
    );
  }

  function onEditKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      saveEditing();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stopEditing();
    }
  }

  function askToDelete(apartment: Apartment) {
    remove.reset();
    deleted.current = false;
    setDeleteTarget(apartment);
    setDeleteOpen(true);
  }

  function confirmDelete() {
    const target = deleteTarget;
    if (!target || remove.isPending) return;
    const done = (message: string) => {
      deleted.current = true;
      setNotice(message);
      if (editing?.id === target.id) setEditing(null);
      setDeleteOpen(false);
      void refresh();
    };
    remove.mutate(
      { id: building.id, aptId: target.id },
      {
        onSuccess: () => done(`Apartment ${target.number} has been deleted.`),
        onError: (error) => {
          if (errorCode(error) === 'NOT_FOUND') done(`Apartment ${target.number} had already been deleted.`);
        },
      },
    );
  }

  const sortLabel = (key: SortKey) =>
    sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

  return (
    <section ref={sectionRef} aria-labelledby="apartments-heading" className="grid min-w-0 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 id="apartments-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-none">
            Apartments
          </h2>
          <p className="text-sm text-muted-foreground">
            {loadingAll
              ? 'Loading…'
              : apartments.length === 1
                ? '1 apartment. Click a column heading to sort.'
                : `${apartments.length} apartments. Click a column heading to sort.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AddApartmentDialog
            buildingId={building.id}
            onAdded={(apartment) => {
              setNotice(`Apartment ${apartment.number} has been added.`);
              void refresh();
            }}
            focusAfterAdd={() => noticeRef.current}
          />
          <ImportApartmentsDialog
            buildingId={building.id}
            onImported={({ created, updated }) => {
              setNotice(
                `Imported ${created + updated} ${created + updated === 1 ? 'apartment' : 'apartments'}: ${created} created, ${updated} updated.`,
              );
              void refresh();
            }}
            focusAfterImport={() => noticeRef.current}
          />
        </div>
      </div>

      {notice && (
        <Notice ref={noticeRef}>{notice}</Notice>
      )}

      {query.isPending ? (
        <ListSkeleton label="Loading apartments…" rows={2} />
      ) : query.isError && loaded.length === 0 ? (
        <LoadError what="The apartments" reason={describeError(query.error)} retry={() => void query.refetch()} />
      ) : apartments.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed bg-card px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <HomeIcon className="size-6" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-base font-semibold">No apartments yet</h3>
          <p className="mt-2 max-w-prose text-sm text-muted-foreground">
            Add apartments one by one, or import them all from a CSV file exported from a spreadsheet.
          </p>
        </div>
      ) : (
        <>
          {isFetchNextPageError && (
            <Alert variant="destructive" role="alert">
              <CircleAlertIcon aria-hidden="true" />
              <div className="grid gap-2">
                <p>Not every apartment could be loaded. {describeError(query.error)}</p>
                <div>
                  <Button variant="outline" size="sm" onClick={() => void fetchNextPage()}>
                    Try again
                  </Button>
                </div>
              </div>
            </Alert>
          )}
          <Table aria-labelledby="apartments-heading" aria-busy={query.isFetching}>
            <TableHeader>
              <TableRow>
                {APARTMENT_FIELDS.map((field) => (
                  <TableHead
                    key={field}
                    aria-sort={sortLabel(field)}
                    className={cn('px-2', field !== 'number' && 'text-right')}
                  >
                    <SortButton active={sort.key === field} direction={sort.direction} onClick={() => toggleSort(field)}>
                      {APARTMENT_LABELS[field]}
                    </SortButton>
                  </TableHead>
                ))}
                <TableHead aria-sort={sortLabel('creditBalance')} className="px-2 text-right">
                  <SortButton active={sort.key === 'creditBalance'} direction={sort.direction} onClick={() => toggleSort('creditBalance')}>
                    Credit
                  </SortButton>
                </TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {apartments.map((apartment) =>
                editing?.id === apartment.id ? (
                  <EditRow
                    key={apartment.id}
                    apartment={apartment}
                    currency={building.currency}
                    editing={editing}
                    pending={update.isPending}
                    onChange={(field, value) =>
                      setEditing((current) =>
                        current ? { ...current, values: { ...current.values, [field]: value }, errors: { ...current.errors, [field]: undefined } } : current,
                      )
                    }
                    onKeyDown={onEditKeyDown}
                    onSave={saveEditing}
                    onCancel={stopEditing}
                  />
                ) : (
                  <TableRow key={apartment.id}>
                    {APARTMENT_FIELDS.map((field) =>
                      field === 'number' ? (
                        <TableHead key={field} scope="row" className="px-4 font-medium text-foreground">
                          <Link href={`/apartments/${apartment.id}`} className="text-primary underline-offset-4 hover:underline">
                            {apartment.number}
                          </Link>
                        </TableHead>
                      ) : (
                        <TableCell key={field} className="px-4 text-right tabular-nums">
                          {display(apartment, field)}
                        </TableCell>
                      ),
                    )}
                    <CreditCell apartment={apartment} currency={building.currency} />
                    <TableCell className="py-1 pr-2 text-right whitespace-nowrap">
                      <Button
                        data-focus={`edit:${apartment.id}`}
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit apartment ${apartment.number}`}
                        disabled={editing !== null && update.isPending}
                        onClick={() => startEditing(apartment)}
                      >
                        <PencilIcon aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="text-destructive hover:text-destructive"
                        aria-label={`Delete apartment ${apartment.number}`}
                        onClick={(event) => {
                          deleteTrigger.current = event.currentTarget;
                          askToDelete(apartment);
                        }}
                      >
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        </>
      )}

      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete apartment ${deleteTarget?.number ?? ''}?`}
        description="Its meters and their readings are deleted too. Invoices already issued stay as they are. This cannot be undone."
        keepLabel="Cancel"
        confirmLabel="Delete apartment"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError && errorCode(remove.error) !== 'NOT_FOUND' ? `The apartment could not be deleted. ${describeError(remove.error)}` : null}
        onConfirm={confirmDelete}
        // Deleted: its row is gone, so the focus goes to the outcome. Cancelled: back to the button.
        returnFocus={() => (deleted.current ? (noticeRef.current ?? headingRef.current) : deleteTrigger.current)}
        compact
      />
    </section>
  );
}

function SortButton({
  active,
  direction,
  onClick,
  children,
}: {
  active: boolean;
  direction: Sort['direction'];
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        'inline-flex min-h-10 items-center gap-1 rounded-md px-2 font-medium hover:bg-border/60 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
        active && 'text-foreground',
      )}
    >
      {children}
      {!active ? (
        <ArrowUpDownIcon className="size-3.5 opacity-50" aria-hidden="true" />
      ) : direction === 'asc' ? (
        <ArrowUpIcon className="size-3.5" aria-hidden="true" />
      ) : (
        <ArrowDownIcon className="size-3.5" aria-hidden="true" />
      )}
    </button>
  );
}

function EditRow({
  apartment,
  currency,
  editing,
  pending,
  onChange,
  onKeyDown,
  onSave,
  onCancel,
}: {
  apartment: Apartment;
  currency: string;
  editing: Editing;
  pending: boolean;
  onChange: (field: ApartmentField, value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const errorId = (field: ApartmentField) => `edit-${apartment.id}-${field}-error`;
  return (
    <>
      <TableRow className="bg-accent/40 hover:bg-accent/40">
        {APARTMENT_FIELDS.map((field) => {
          const error = editing.errors[field];
          return (
            <TableCell key={field} className="px-2 py-2 align-top">
              <Input
                data-focus={`edit-input:${field}`}
                aria-label={`${APARTMENT_LABELS[field]}, apartment ${apartment.number}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId(field) : undefined}
                inputMode={field === 'number' ? 'text' : field === 'area' ? 'decimal' : 'numeric'}
                autoComplete="off"
                maxLength={field === 'number' ? 20 : 12}
                className={cn('h-10 min-w-16', field === 'number' ? 'w-24' : 'w-20 text-right')}
                value={editing.values[field]}
                onChange={(event) => onChange(field, event.target.value)}
                onKeyDown={onKeyDown}
              />
              {error && (
                <p id={errorId(field)} role="alert" className="mt-1 max-w-48 text-xs font-medium whitespace-normal text-destructive">
                  {error}
                </p>
              )}
            </TableCell>
          );
        })}
        <CreditCell apartment={apartment} currency={currency} />
        <TableCell className="px-2 py-2 text-right align-top whitespace-nowrap">
          <div className="inline-flex gap-1">
            <Button size="sm" aria-disabled={pending} className="aria-disabled:opacity-60" onClick={onSave}>
              {pending ? 'Saving…' : 'Save'}
              <span className="sr-only"> apartment {apartment.number}</span>
            </Button>
            <Button size="sm" variant="outline" onClick={onCancel}>
              Cancel
              <span className="sr-only"> editing apartment {apartment.number}</span>
            </Button>
          </div>
        </TableCell>
      </TableRow>
      {editing.formError && !pending && (
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={APARTMENT_FIELDS.length + 2} className="px-2 py-2">
            <ErrorAlert>{editing.formError}</ErrorAlert>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
