'use client';

import Link from 'next/link';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatMoney } from '../format';
import type { Apartment } from '../types';
import { APARTMENT_FIELDS, displayApartmentField, type ApartmentField } from './apartment-fields';
import type { ApartmentEditing, Editing } from './use-apartment-editing';

/** The apartment's credit (paid ahead, taken off its next invoices); a dash when there is none. */
function CreditCell({ apartment, currency }: { apartment: Apartment; currency: string }) {
  const t = useTranslations('Apartments');
  const locale = useLocale();
  const credit = apartment.creditBalance;
  return (
    <TableCell className="px-4 text-right whitespace-nowrap tabular-nums">
      {credit === 0 ? (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">{t('none')}</span>
        </>
      ) : (
        formatMoney(credit, currency, locale)
      )}
    </TableCell>
  );
}

/** An apartment's row: its number links to its page; Edit turns the row into inputs, Delete asks first. */
export function ApartmentRow({
  apartment,
  currency,
  editDisabled,
  onEdit,
  onDelete,
}: {
  apartment: Apartment;
  currency: string;
  editDisabled: boolean;
  onEdit: () => void;
  onDelete: (trigger: HTMLElement) => void;
}) {
  const t = useTranslations('Apartments');
  const locale = useLocale();
  return (
    <TableRow>
      {APARTMENT_FIELDS.map((field) =>
        field === 'number' ? (
          <TableHead key={field} scope="row" className="px-4 font-medium text-foreground">
            <Link href={`/apartments/${apartment.id}`} className="text-primary underline-offset-4 hover:underline">
              {apartment.number}
            </Link>
          </TableHead>
        ) : (
          <TableCell key={field} className="px-4 text-right tabular-nums">
            {displayApartmentField(apartment, field, locale)}
          </TableCell>
        ),
      )}
      <CreditCell apartment={apartment} currency={currency} />
      <TableCell className="py-1 pr-2 text-right whitespace-nowrap">
        <Button
          data-focus={`edit:${apartment.id}`}
          variant="ghost"
          size="icon"
          aria-label={t('editLabel', { number: apartment.number })}
          disabled={editDisabled}
          onClick={onEdit}
        >
          <PencilIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:text-destructive"
          aria-label={t('deleteLabel', { number: apartment.number })}
          onClick={(event) => onDelete(event.currentTarget)}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The row being edited: one input per field, each with its error under it. */
export function ApartmentEditRow({ apartment, currency, draft, edit }: { apartment: Apartment; currency: string; draft: Editing; edit: ApartmentEditing }) {
  const t = useTranslations('Apartments');
  const { pending } = edit;
  const errorId = (field: ApartmentField) => `edit-${apartment.id}-${field}-error`;
  return (
    <>
      <TableRow className="bg-accent/40 hover:bg-accent/40">
        {APARTMENT_FIELDS.map((field) => {
          const error = draft.errors[field];
          return (
            <TableCell key={field} className="px-2 py-2 align-top">
              <Input
                data-focus={`edit-input:${field}`}
                aria-label={t('inputLabel', { field: t(`fields.${field}`), number: apartment.number })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId(field) : undefined}
                inputMode={field === 'number' ? 'text' : field === 'area' ? 'decimal' : 'numeric'}
                autoComplete="off"
                maxLength={field === 'number' ? 20 : 12}
                className={cn('h-10 min-w-16', field === 'number' ? 'w-24' : 'w-20 text-right')}
                value={draft.values[field]}
                onChange={(event) => edit.change(field, event.target.value)}
                onKeyDown={edit.onKeyDown}
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
            <Button size="sm" aria-disabled={pending} className="aria-disabled:opacity-60" onClick={edit.save}>
              {pending ? t('saving') : t('save')}
              <span className="sr-only"> {t('saveWhat', { number: apartment.number })}</span>
            </Button>
            <Button size="sm" variant="outline" onClick={edit.stop}>
              {t('cancel')}
              <span className="sr-only"> {t('cancelWhat', { number: apartment.number })}</span>
            </Button>
          </div>
        </TableCell>
      </TableRow>
      {draft.formError && !pending && (
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={APARTMENT_FIELDS.length + 2} className="px-2 py-2">
            <ErrorAlert>{draft.formError}</ErrorAlert>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
