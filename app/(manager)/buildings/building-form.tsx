'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CheckedForm } from '@/components/ui/checked-form';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { parseDecimal, parseInteger } from './format';
import { formFailure } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import type { Translate } from '@/app/portal/translate';
import type { Building } from './types';

export const BUILDING_FIELDS = [
  'name',
  'address',
  'city',
  'postalCode',
  'paymentTermDays',
  'invoicePrefix',
  'currency',
  'penaltyRatePerDay',
  'readingWindowStartDay',
  'readingWindowEndDay',
  'reminderDays',
  'reminderMinAmount',
  'iban',
  'bankRecipient',
] as const;
export type BuildingField = (typeof BUILDING_FIELDS)[number];
export type BuildingFormValues = Record<BuildingField, string>;
type Errors = Partial<Record<BuildingField, string>>;

/** What the create and update procedures take (the form's text turned into their types). */
export type BuildingInput = {
  name?: string;
  address?: string;
  city?: string | null;
  postalCode?: string | null;
  paymentTermDays?: number;
  invoicePrefix?: string;
  currency?: string;
  iban?: string | null;
  bankRecipient?: string | null;
  penaltyRatePerDay?: number | null;
  readingWindowStartDay?: number | null;
  readingWindowEndDay?: number | null;
  reminderDays?: number[];
  reminderMinAmount?: number;
};

/** How each field is typed; its label and (with `hint`) its description come from BuildingForm.label / .hint. */
const META: Record<
  BuildingField,
  { required?: boolean; maxLength: number; autoComplete?: string; inputMode?: 'numeric' | 'decimal' | 'text'; wide?: boolean; hint?: boolean }
> = {
  name: { required: true, maxLength: 200, hint: true, wide: true },
  address: { required: true, maxLength: 500, autoComplete: 'street-address', wide: true },
  city: { maxLength: 200, autoComplete: 'address-level2' },
  postalCode: { maxLength: 20, autoComplete: 'postal-code' },
  paymentTermDays: { maxLength: 3, inputMode: 'numeric', hint: true },
  invoicePrefix: { maxLength: 10, hint: true },
  currency: { maxLength: 3, hint: true },
  penaltyRatePerDay: { maxLength: 12, inputMode: 'decimal', hint: true },
  readingWindowStartDay: { maxLength: 2, inputMode: 'numeric', hint: true },
  readingWindowEndDay: { maxLength: 2, inputMode: 'numeric', hint: true },
  reminderDays: { maxLength: 40, hint: true },
  reminderMinAmount: { maxLength: 12, inputMode: 'decimal', hint: true },
  iban: { maxLength: 50, hint: true, wide: true },
  bankRecipient: { maxLength: 200, hint: true, wide: true },
};

export function buildingFormValues(building?: Building): BuildingFormValues {
  return {
    name: building?.name ?? '',
    address: building?.address ?? '',
    city: building?.city ?? '',
    postalCode: building?.postalCode ?? '',
    paymentTermDays: building ? String(building.paymentTermDays) : '14',
    invoicePrefix: building?.invoicePrefix ?? 'INV-',
    currency: building?.currency ?? 'EUR',
    iban: building?.iban ?? '',
    bankRecipient: building?.bankRecipient ?? '',
    penaltyRatePerDay: building?.penaltyRatePerDay == null ? '' : String(building.penaltyRatePerDay),
    readingWindowStartDay: building?.readingWindowStartDay == null ? '' : String(building.readingWindowStartDay),
    readingWindowEndDay: building?.readingWindowEndDay == null ? '' : String(building.readingWindowEndDay),
    reminderDays: (building?.reminderDays ?? [-3, 7, 21]).join(', '),
    reminderMinAmount: String(building?.reminderMinAmount ?? 5),
  };
}

/** Digits after the decimal mark of a number as typed ("0,0525" → 4). */
function decimals(text: string): number {
  const match = /[.,](\d*)$/.exec(text.trim());
  return match ? match[1]!.length : 0;
}

function validate(values: BuildingFormValues, fields: readonly BuildingField[], t: Translate): Errors {
  const errors: Errors = {};
  const has = (field: BuildingField) => fields.includes(field);
  if (has('name') && !values.name.trim()) errors.name = t('errors.nameMissing');
  if (has('address') && !values.address.trim()) errors.address = t('errors.addressMissing');
  if (has('paymentTermDays')) {
    const days = parseInteger(values.paymentTermDays);
    if (days === null) errors.paymentTermDays = t('errors.daysMissing');
    else if (days === 'invalid' || days < 0 || days > 365) errors.paymentTermDays = t('errors.daysRange');
  }
  if (has('invoicePrefix') && !/^[A-Za-z0-9-]{0,10}$/.test(values.invoicePrefix.trim()))
    errors.invoicePrefix = t('errors.prefix');
  if (has('currency') && !/^[A-Za-z]{3}$/.test(values.currency.trim())) errors.currency = t('errors.currency');
  if (has('penaltyRatePerDay')) {
    const rate = parseDecimal(values.penaltyRatePerDay);
    if (rate === 'invalid') errors.penaltyRatePerDay = t('errors.rateNumber');
    else if (rate !== null && (rate < 0 || rate > 1)) errors.penaltyRatePerDay = t('errors.rateRange');
    else if (rate !== null && decimals(values.penaltyRatePerDay) > 4) errors.penaltyRatePerDay = t('errors.rateDecimals');
  }
  if (has('reminderDays')) {
    const steps = reminderSteps(values.reminderDays);
    if (steps === 'invalid') errors.reminderDays = t('errors.reminderDays');
    else if (new Set(steps).size !== steps.length) errors.reminderDays = t('errors.reminderTwice');
    else if (steps.length > 6) errors.reminderDays = t('errors.reminderMany');
  }
  if (has('reminderMinAmount')) {
    const min = parseDecimal(values.reminderMinAmount);
    if (min === null || min === 'invalid' || min < 0 || decimals(values.reminderMinAmount) > 2) errors.reminderMinAmount = t('errors.minAmount');
  }
  const days = (['readingWindowStartDay', 'readingWindowEndDay'] as const).filter(has);
  for (const field of days) {
    const day = parseInteger(values[field]);
    if (day === 'invalid' || (day !== null && (day < 1 || day > 31))) errors[field] = t('errors.day');
  }
  if (days.length === 2 && !errors.readingWindowStartDay && !errors.readingWindowEndDay) {
    const start = values.readingWindowStartDay.trim();
    const end = values.readingWindowEndDay.trim();
    if (start && !end) errors.readingWindowEndDay = t('errors.lastDay');
    else if (end && !start) errors.readingWindowStartDay = t('errors.firstDay');
  }
  return errors;
}

/** "-3, 7, 21" → [-3, 7, 21]; 'invalid' when a part is not a whole number of days from -30 to 365. */
function reminderSteps(text: string): number[] | 'invalid' {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  const steps = parts.map((p) => (/^[+-]?\d{1,3}$/.test(p) ? Number(p) : NaN));
  return steps.some((d) => !Number.isInteger(d) || d < -30 || d > 365) ? 'invalid' : steps;
}

function toInput(values: BuildingFormValues, fields: readonly BuildingField[]): BuildingInput {
  const input: BuildingInput = {};
  const optional = (text: string) => text.trim() || null;
  for (const field of fields) {
    const value = values[field];
    switch (field) {
      case 'name':
      case 'address':
        input[field] = value.trim();
        break;
      case 'paymentTermDays':
        input.paymentTermDays = Number(value.trim());
        break;
      case 'invoicePrefix':
        input.invoicePrefix = value.trim();
        break;
      case 'currency':
        input.currency = value.trim().toUpperCase();
        break;
      case 'penaltyRatePerDay': {
        const rate = parseDecimal(value);
        input.penaltyRatePerDay = typeof rate === 'number' ? rate : null;
        break;
      }
      case 'reminderDays': {
        const steps = reminderSteps(value);
        input.reminderDays = steps === 'invalid' ? [] : steps;
        break;
      }
      case 'reminderMinAmount': {
        const min = parseDecimal(value);
        input.reminderMinAmount = typeof min === 'number' ? min : 0;
        break;
      }
      case 'readingWindowStartDay':
      case 'readingWindowEndDay': {
        const day = parseInteger(value);
        input[field] = typeof day === 'number' ? day : null;
        break;
      }
      default:
        input[field] = optional(value);
    }
  }
  return input;
}

export type BuildingFormProps = {
  fields: readonly BuildingField[];
  initial: BuildingFormValues;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Called with the checked input; call `fail(error)` when the server refuses it. */
  onSubmit: (input: BuildingInput, fail: (error: unknown) => void) => void;
  /** What failed, for the form's message ("The building could not be added."). */
  failureMessage: string;
};

/** The fields of a building with their checks, the server's 422 errors at the fields and a form-level message otherwise. */
export function BuildingForm({ fields, initial, pending, submitLabel, pendingLabel, onSubmit, failureMessage }: BuildingFormProps) {
  const words = useErrorWords();
  const t = useTranslations('BuildingForm');
  const [values, setValues] = useState(initial);
  const { errors, formError, fail, clear, ref, bindEach } = useFieldErrors(fields);
  const bound = bindEach(values, setValues);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validate(values, fields, t);
    if (Object.keys(found).length) return fail(found);
    clear();
    onSubmit(toInput(values, fields), (error) => {
      const failure = formFailure(error, failureMessage, fields, words);
      fail(failure.errors, failure.formError);
    });
  }

  return (
    <CheckedForm onSubmit={submit} formError={!pending && formError} errorRef={ref('form')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const meta = META[field];
          const label = t(`label.${field}`);
          return (
            <FormField
              key={field}
              label={meta.required ? t('required', { label }) : label}
              description={meta.hint ? t(`hint.${field}`) : undefined}
              error={errors[field]}
              className={meta.wide ? 'sm:col-span-2' : undefined}
            >
              <Input
                {...bound(field)}
                required={meta.required}
                maxLength={meta.maxLength}
                autoComplete={meta.autoComplete ?? 'off'}
                inputMode={meta.inputMode}
              />
            </FormField>
          );
        })}
      </div>
      <DialogActions label={submitLabel} pendingLabel={pendingLabel} pending={pending} compact />
    </CheckedForm>
  );
}
