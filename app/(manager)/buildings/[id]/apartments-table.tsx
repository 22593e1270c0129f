'use client';

import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { Apartment } from '../types';
import { APARTMENT_FIELDS } from './apartment-fields';
import { ApartmentEditRow, ApartmentRow } from './apartment-rows';
import { ariaSort, type Sort, type SortKey } from './apartment-sort';
import type { ApartmentEditing } from './use-apartment-editing';

/** The apartments' table: headings that sort, one row per apartment, the one being edited as inputs. */
export function ApartmentsTable({
  apartments,
  currency,
  busy,
  sort,
  onSort,
  edit,
  onDelete,
}: {
  apartments: Apartment[];
  currency: string;
  busy: boolean;
  sort: Sort;
  onSort: (key: SortKey) => void;
  edit: ApartmentEditing;
  onDelete: (apartment: Apartment, trigger: HTMLElement) => void;
}) {
  const t = useTranslations('Apartments');
  return (
    <Table aria-labelledby="apartments-heading" aria-busy={busy}>
      <TableHeader>
        <TableRow>
          {APARTMENT_FIELDS.map((field) => (
            <TableHead key={field} aria-sort={ariaSort(sort, field)} className={cn('px-2', field !== 'number' && 'text-right')}>
              <SortButton active={sort.key === field} direction={sort.direction} onClick={() => onSort(field)}>
                {t(`fields.${field}`)}
              </SortButton>
            </TableHead>
          ))}
          <TableHead aria-sort={ariaSort(sort, 'creditBalance')} className="px-2 text-right">
            <SortButton active={sort.key === 'creditBalance'} direction={sort.direction} onClick={() => onSort('creditBalance')}>
              {t('credit')}
            </SortButton>
          </TableHead>
          <TableHead className="text-right">
            <span className="sr-only">{t('actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {apartments.map((apartment) =>
          edit.editing?.id === apartment.id ? (
            <ApartmentEditRow key={apartment.id} apartment={apartment} currency={currency} draft={edit.editing} edit={edit} />
          ) : (
            <ApartmentRow
              key={apartment.id}
              apartment={apartment}
              currency={currency}
              editDisabled={edit.editing !== null && edit.pending}
              onEdit={() => edit.start(apartment)}
              onDelete={(trigger) => onDelete(apartment, trigger)}
            />
          ),
        )}
      </TableBody>
    </Table>
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
