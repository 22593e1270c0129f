'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SortSelect } from '@/components/ui/list-controls';
import { OptionsSelect } from '@/components/ui/options-select';
import { useTRPC } from '@/lib/trpc/react';
import { searchOf } from '@/lib/url-state';
import { type Sort, SORTS } from './sorts';
import { BuildingFilter } from '../building-filter';
import { compareApartmentNumbers } from '../buildings/format';
import { LIST_LIMIT, type Building } from '../residents/apartment-directory';
import { INVOICE_STATUSES } from './format';
import type { InvoiceStatus } from './types';


export type Filters = { buildingId: string; apartmentId: string; status: InvoiceStatus | ''; overdue: boolean; from: string; to: string; sort: Sort };
export const NO_FILTERS: Filters = { buildingId: '', apartmentId: '', status: '', overdue: false, from: '', to: '', sort: '-number' };
const ALL = 'all';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the API takes them: only complete dates, `overdue` as the query string's "true". */
export function filterQuery(filters: Filters) {
  return {
    buildingId: filters.buildingId || undefined,
    // An apartment belongs to the chosen building; without one the filter does not apply.
    apartmentId: (filters.buildingId && filters.apartmentId) || undefined,
    status: filters.status || undefined,
    overdue: filters.overdue ? ('true' as const) : undefined,
    from: DATE.test(filters.from) ? filters.from : undefined,
    to: DATE.test(filters.to) ? filters.to : undefined,
  };
}

/** The list's query string: the filters and a sort other than the default (the page, the address and the CSV export read it). */
export function listSearch(filters: Filters): string {
  return searchOf({ ...filterQuery(filters), sort: filters.sort === NO_FILTERS.sort ? undefined : filters.sort });
}

export function FiltersBar({ filters, onChange, buildings }: { filters: Filters; onChange: (filters: Filters) => void; buildings: Building[] }) {
  const t = useTranslations('Invoices');
  const trpc = useTRPC();
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const any = filters.buildingId || filters.status || filters.overdue || filters.from || filters.to;
  const apartments = useQuery(
    trpc.buildings.listApartments.queryOptions({ id: filters.buildingId, limit: LIST_LIMIT }, { enabled: filters.buildingId !== '' }),
  );
  const apartmentOptions = [...(apartments.data?.data ?? [])].sort((a, b) => compareApartmentNumbers(a.number, b.number));
  const apartmentHint = !filters.buildingId ? t('filters.chooseBuildingFirst') : apartments.isPending ? t('filters.loading') : t('filters.allApartments');
  return (
    <section
      aria-label={t('filters.label')}
      className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end [&>*]:min-w-0"
    >
      <BuildingFilter value={filters.buildingId} onChange={(buildingId) => set({ buildingId, apartmentId: '' })} buildings={buildings} />
      <FormField label={t('filters.apartment')}>
        <OptionsSelect
          value={filters.buildingId && apartments.isSuccess ? filters.apartmentId || ALL : ''}
          placeholder={apartmentHint}
          disabled={!filters.buildingId || !apartments.isSuccess}
          onChange={(value) => set({ apartmentId: value === ALL ? '' : value })}
          options={[{ value: ALL, label: t('filters.allApartments') }, ...apartmentOptions.map((a) => ({ value: a.id, label: t('apartmentNumber', { number: a.number }) }))]}
        />
      </FormField>
      <FormField label={t('filters.status')}>
        <OptionsSelect
          value={filters.status || ALL}
          onChange={(value) => set({ status: value === ALL ? '' : (value as InvoiceStatus) })}
          options={[{ value: ALL, label: t('filters.anyStatus') }, ...INVOICE_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))]}
        />
      </FormField>
      <FormField label={t('filters.periodFrom')}>
        <Input type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => set({ from: event.target.value })} />
      </FormField>
      <FormField label={t('filters.periodTo')}>
        <Input type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => set({ to: event.target.value })} />
      </FormField>
      <SortSelect value={filters.sort} onChange={(sort) => set({ sort })} options={SORTS.map((s) => ({ value: s.value, label: t(`sorts.${s.label}`) }))} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:col-span-2 lg:col-span-1">
        <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium whitespace-nowrap has-focus-visible:outline-2 has-focus-visible:outline-ring">
          <input
            type="checkbox"
            className="size-4 accent-primary focus-visible:outline-none"
            checked={filters.overdue}
            onChange={(event) => set({ overdue: event.target.checked })}
          />
          {t('filters.overdueOnly')}
        </label>
        {any && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ ...NO_FILTERS, sort: filters.sort })}>
            {t('filters.clear')}
          </Button>
        )}
      </div>
    </section>
  );
}
