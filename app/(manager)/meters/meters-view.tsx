'use client';

import { Building2Icon } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { ExportLink, SearchField, SortSelect } from '@/components/ui/list-controls';
import { LoadError } from '@/components/ui/load-error';
import { OptionsSelect } from '@/components/ui/options-select';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { searchOf, useQueryInUrl } from '@/lib/url-state';
import { useBuildings } from '../residents/apartment-directory';
import { MetersSection } from './meters-section';
import { ReadingsQueue } from './readings-queue';
import { METER_SORTS, type MetersQuery, NO_METERS_QUERY } from './sorts';

/** Meters and their readings per building: the readings residents sent, waiting for review, and the meters. */
export function MetersView({ initial }: { initial: Partial<MetersQuery> }) {
  const words = useErrorWords();
  const t = useTranslations('Meters');
  const buildingsQuery = useBuildings();
  const buildings = (buildingsQuery.data?.data ?? []).map((b) => ({ id: b.id, name: b.name }));
  const [query, setQuery] = useState<MetersQuery>({ ...NO_METERS_QUERY, ...initial });
  const set = (patch: Partial<MetersQuery>) => setQuery((previous) => ({ ...previous, ...patch }));
  const building = buildings.find((b) => b.id === query.buildingId) ?? buildings[0];
  const listQuery = { q: query.q.trim() || undefined, sort: query.sort === NO_METERS_QUERY.sort ? undefined : query.sort };
  useQueryInUrl('/meters', searchOf({ buildingId: query.buildingId || undefined, ...listQuery }));

  let body;
  if (buildingsQuery.isPending) {
    body = <Skeleton className="h-11 w-full max-w-sm" />;
  } else if (buildingsQuery.isError) {
    body = <LoadError what={t('buildingsFailed')} reason={describeError(buildingsQuery.error, words)} retry={() => void buildingsQuery.refetch()} />;
  } else if (!building) {
    body = (
      <EmptyState icon={Building2Icon} title={t('noBuildings')} description={t('noBuildingsText')}>
        <Button asChild>
          <Link href="/buildings">{t('goToBuildings')}</Link>
        </Button>
      </EmptyState>
    );
  } else {
    const exportQuery = searchOf({ buildingId: building.id, ...listQuery });
    body = (
      <div className="grid gap-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <FormField label={t('building')} className="w-full max-w-sm">
            <OptionsSelect value={building.id} onChange={(buildingId) => set({ buildingId })} options={buildings.map((b) => ({ value: b.id, label: b.name }))} />
          </FormField>
          <a href={`/api/readings/export?buildingId=${building.id}`} download className="inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline">
            {t('exportReadings')}
          </a>
        </div>
        <ReadingsQueue key={building.id} buildingId={building.id} buildingName={building.name} />
        <div className="grid gap-4">
          <section aria-label={t('findMeters')} className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] lg:items-end [&>*]:min-w-0">
            <SearchField value={query.q} onChange={(q) => set({ q })} placeholder={t('searchPlaceholder')} />
            <SortSelect value={query.sort} onChange={(sort) => set({ sort })} options={METER_SORTS.map((s) => ({ value: s.value, label: t(`sorts.${s.name}`) }))} />
            <ExportLink href={`/api/meters/export?${exportQuery}`} />
          </section>
          <MetersSection key={`meters-${building.id}`} buildingId={building.id} buildingName={building.name} q={query.q} sort={query.sort} />
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {body}
    </>
  );
}
