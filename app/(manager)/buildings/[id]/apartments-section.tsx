'use client';

import { useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon, HomeIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Notice } from '@/components/ui/notice';
import { ListSkeleton } from '@/components/ui/responsive-list';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import type { Apartment, Building } from '../types';
import { AddApartmentDialog } from './add-apartment-dialog';
import { ApartmentsTable } from './apartments-table';
import { DeleteApartmentDialog } from './delete-apartment-dialog';
import { ImportApartmentsDialog } from './import-apartments-dialog';
import { useApartmentEditing } from './use-apartment-editing';
import { useSortedApartments } from './use-sorted-apartments';

/** The building's apartments: every page loaded, sortable, added one by one or from CSV, edited in place, deleted. */
export function ApartmentsSection({ building }: { building: Building }) {
  const words = useErrorWords();
  const t = useTranslations('Apartments');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { query, loaded, apartments, loadingAll, sort, toggleSort } = useSortedApartments(building.id);

  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const focusOutcome = () => noticeRef.current ?? headingRef.current;

  const refresh = () =>
    void Promise.all([
      queryClient.invalidateQueries(trpc.buildings.listApartments.pathFilter()),
      queryClient.invalidateQueries(trpc.buildings.get.queryFilter({ id: building.id })),
      queryClient.invalidateQueries(trpc.buildings.list.pathFilter()),
      queryClient.invalidateQueries(trpc.buildings.previewCharges.pathFilter()),
    ]);
  const edit = useApartmentEditing({ buildingId: building.id, sectionRef, focusOutcome, onNotice: setNotice, refresh });

  // The apartment being deleted stays set while the dialog animates closed, so its text does not blank out.
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<Apartment | null>(null);
  const deleteTrigger = useRef<HTMLElement | null>(null);

  return (
    <section ref={sectionRef} aria-labelledby="apartments-heading" className="grid min-w-0 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 id="apartments-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-none">
            {t('heading')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {loadingAll ? t('loadingAll') : t('count', { count: apartments.length })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AddApartmentDialog
            buildingId={building.id}
            onAdded={(apartment) => {
              setNotice(t('added', { number: apartment.number }));
              refresh();
            }}
            focusAfterAdd={() => noticeRef.current}
          />
          <ImportApartmentsDialog
            buildingId={building.id}
            onImported={({ created, updated }) => {
              setNotice(t('imported', { total: created + updated, created, updated }));
              refresh();
            }}
            focusAfterImport={() => noticeRef.current}
          />
        </div>
      </div>

      {notice && <Notice ref={noticeRef}>{notice}</Notice>}

      {query.isPending ? (
        <ListSkeleton label={t('loading')} rows={2} />
      ) : query.isError && loaded.length === 0 ? (
        <LoadError what={t('loadFailed')} reason={describeError(query.error, words)} retry={() => void query.refetch()} />
      ) : apartments.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed bg-card px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <HomeIcon className="size-6" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-base font-semibold">{t('emptyTitle')}</h3>
          <p className="mt-2 max-w-prose text-sm text-muted-foreground">
            {t('emptyText')}
          </p>
        </div>
      ) : (
        <>
          {query.isFetchNextPageError && (
            <Alert variant="destructive" role="alert">
              <CircleAlertIcon aria-hidden="true" />
              <div className="grid gap-2">
                <p>
                  {t('notAllLoaded')} {describeError(query.error, words)}
                </p>
                <div>
                  <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
                    {t('tryAgain')}
                  </Button>
                </div>
              </div>
            </Alert>
          )}
          <ApartmentsTable
            apartments={apartments}
            currency={building.currency}
            busy={query.isFetching}
            sort={sort}
            onSort={toggleSort}
            edit={edit}
            onDelete={(apartment, trigger) => {
              deleteTrigger.current = trigger;
              setDeleteTarget(apartment);
              setDeleteOpen(true);
            }}
          />
        </>
      )}

      <DeleteApartmentDialog
        buildingId={building.id}
        apartment={deleteTarget}
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        onDeleted={(apartment, message) => {
          setNotice(message);
          edit.forget(apartment.id);
          setDeleteOpen(false);
          refresh();
        }}
        // Deleted: its row is gone, so the focus goes to the outcome. Cancelled: back to the button.
        returnFocus={() => deleteTrigger.current}
        focusAfterDeleted={focusOutcome}
      />
    </section>
  );
}
