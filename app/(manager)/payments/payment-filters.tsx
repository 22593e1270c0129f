'use client';

import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { PAYMENT_METHOD_LABELS } from '../invoices/format';
import type { Payment } from '../invoices/types';
import { searchOf } from '@/lib/url-state';

type Method = Payment['method'];
export type PaymentFilters = { buildingId: string; method: Method | ''; from: string; to: string };
export const NO_PAYMENT_FILTERS: PaymentFilters = { buildingId: '', method: '', from: '', to: '' };
const ALL = 'all';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the API takes them: only complete dates. */
export function paymentFilterQuery(filters: PaymentFilters) {
  return {
    buildingId: filters.buildingId || undefined,
    method: filters.method || undefined,
    from: DATE.test(filters.from) ? filters.from : undefined,
    to: DATE.test(filters.to) ? filters.to : undefined,
  };
}

/** The CSV download of what the filters select (all pages). */
export function exportHref(filters: PaymentFilters): string {
  const query = searchOf(paymentFilterQuery(filters));
  return `/api/payments/export${query ? `?${query}` : ''}`;
}

/** Building, method and payment dates, and the CSV export of the result. */
export function PaymentFiltersBar({ filters, onChange, buildings }: { filters: PaymentFilters; onChange: (filters: PaymentFilters) => void; buildings: Array<{ id: string; name: string }> }) {
  const set = (patch: Partial<PaymentFilters>) => onChange({ ...filters, ...patch });
  const any = filters.buildingId || filters.method || filters.from || filters.to;
  return (
    <section aria-label="Filters" className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end [&>*]:min-w-0">
      <FormField label="Building">
        <OptionsSelect
          value={filters.buildingId || ALL}
          onChange={(value) => set({ buildingId: value === ALL ? '' : value })}
          options={[{ value: ALL, label: 'All buildings' }, ...buildings.map((b) => ({ value: b.id, label: b.name }))]}
        />
      </FormField>
      <FormField label="Method">
        <OptionsSelect
          value={filters.method || ALL}
          onChange={(value) => set({ method: value === ALL ? '' : (value as Method) })}
          options={[{ value: ALL, label: 'Any method' }, ...Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }))]}
        />
      </FormField>
      <FormField label="Paid from">
        <Input type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => set({ from: event.target.value })} />
      </FormField>
      <FormField label="Paid to">
        <Input type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => set({ to: event.target.value })} />
      </FormField>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-1">
        <Button asChild variant="outline">
          <a href={exportHref(filters)} download>
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        </Button>
        {any && (
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_PAYMENT_FILTERS)}>
            Clear filters
          </Button>
        )}
      </div>
    </section>
  );
}
