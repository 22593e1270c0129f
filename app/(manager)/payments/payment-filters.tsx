'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ExportLink, SearchField, SortSelect } from '@/components/ui/list-controls';
import { OptionsSelect } from '@/components/ui/options-select';
import { PAYMENT_METHODS } from '../invoices/format';
import type { Payment } from '../invoices/types';
import { searchOf } from '@/lib/url-state';
import { BuildingFilter } from '../building-filter';
import { PAYMENT_SORTS, type PaymentSort } from './sorts';

type Method = Payment['method'];
export type PaymentFilters = { buildingId: string; method: Method | ''; from: string; to: string; q: string; sort: PaymentSort };
export const NO_PAYMENT_FILTERS: PaymentFilters = { buildingId: '', method: '', from: '', to: '', q: '', sort: '-date' };
const ALL = 'all';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the API takes them: only complete dates. */
export function paymentFilterQuery(filters: PaymentFilters) {
  return {
    buildingId: filters.buildingId || undefined,
    method: filters.method || undefined,
    from: DATE.test(filters.from) ? filters.from : undefined,
    to: DATE.test(filters.to) ? filters.to : undefined,
    q: filters.q.trim() || undefined,
  };
}

/** The list's query string: the filters and an order other than the default (the address and the CSV export read it). */
export function paymentListSearch(filters: PaymentFilters): string {
  return searchOf({ ...paymentFilterQuery(filters), sort: filters.sort === NO_PAYMENT_FILTERS.sort ? undefined : filters.sort });
}

/** Search, building, method and payment dates, the order, and the CSV export of the result. */
export function PaymentFiltersBar({ filters, onChange, buildings }: { filters: PaymentFilters; onChange: (filters: PaymentFilters) => void; buildings: Array<{ id: string; name: string }> }) {
  const t = useTranslations('Payments');
  const set = (patch: Partial<PaymentFilters>) => onChange({ ...filters, ...patch });
  const any = filters.buildingId || filters.method || filters.from || filters.to || filters.q;
  const search = paymentListSearch(filters);
  return (
    <section aria-label={t('filters.label')} className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end [&>*]:min-w-0">
      <SearchField value={filters.q} onChange={(q) => set({ q })} placeholder={t('filters.searchPlaceholder')} />
      <BuildingFilter value={filters.buildingId} onChange={(buildingId) => set({ buildingId })} buildings={buildings} />
      <FormField label={t('filters.method')}>
        <OptionsSelect
          value={filters.method || ALL}
          onChange={(value) => set({ method: value === ALL ? '' : (value as Method) })}
          options={[{ value: ALL, label: t('filters.anyMethod') }, ...PAYMENT_METHODS.map((value) => ({ value, label: t(`methods.${value}`) }))]}
        />
      </FormField>
      <FormField label={t('filters.paidFrom')}>
        <Input type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => set({ from: event.target.value })} />
      </FormField>
      <FormField label={t('filters.paidTo')}>
        <Input type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => set({ to: event.target.value })} />
      </FormField>
      <SortSelect value={filters.sort} onChange={(sort) => set({ sort })} options={PAYMENT_SORTS.map((s) => ({ value: s.value, label: t(`sorts.${s.label}`) }))} />
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-3">
        <ExportLink href={`/api/payments/export${search ? `?${search}` : ''}`} />
        {any && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ ...NO_PAYMENT_FILTERS, sort: filters.sort })}>
            {t('filters.clear')}
          </Button>
        )}
      </div>
    </section>
  );
}
