import type { z } from 'zod';
import type { Translate } from '@/app/portal/translate';
import { checkWithSchema, type PathErrors } from '@/lib/schema-check';
import { UpdateBuildingInput, type ChargeRuleInput } from '@/server/api/schemas/buildings';
import { parseDecimal } from '../format';
import type { ChargeBasis, ChargeRule, MeterType } from '../types';

/** The bases a rule charges by; each one's name is ChargeRules.bases.<basis>. */
export const BASES: readonly ChargeBasis[] = ['area', 'apartment', 'resident', 'meter', 'split_area'];

/** The meter types with their units; each one's name is Meters.types.<type>. */
export const METER_TYPES: ReadonlyArray<{ value: MeterType; unit: string }> = [
  { value: 'cold_water', unit: 'm³' },
  { value: 'hot_water', unit: 'm³' },
  { value: 'heating', unit: 'MWh' },
  { value: 'electricity', unit: 'kWh' },
  { value: 'gas', unit: 'm³' },
];

export const MAX_RULES = 50;

/** A rule as typed: numbers stay text until sent. `key` tells the rows apart while they move. */
export type Draft = {
  key: string;
  name: string;
  basis: ChargeBasis;
  unitPrice: string;
  meterType: MeterType | '';
  totalAmount: string;
  vatRate: string;
};
export type DraftField = 'name' | 'basis' | 'meterType' | 'unitPrice' | 'totalAmount' | 'vatRate';
/** What buildings.update and buildings.previewCharges take. */
export type RuleInput = z.input<typeof ChargeRuleInput>;

/** The order in which a rule's fields are looked at for the first error. */
const FIELD_ORDER: DraftField[] = ['name', 'basis', 'meterType', 'unitPrice', 'totalAmount', 'vatRate'];

export function draftOf(rule: ChargeRule): Draft {
  return {
    key: rule.id,
    name: rule.name,
    basis: rule.basis,
    unitPrice: rule.basis === 'split_area' ? '' : String(rule.unitPrice),
    meterType: rule.meterType ?? '',
    totalAmount: rule.totalAmount == null ? '' : String(rule.totalAmount),
    vatRate: String(rule.vatRate),
  };
}

export function emptyDraft(key: string): Draft {
  return { key, name: '', basis: 'area', unitPrice: '', meterType: '', totalAmount: '', vatRate: '0' };
}

/** The values without the row keys, to tell whether anything changed since the last save. */
export function signature(drafts: Draft[]): string {
  return JSON.stringify(
    drafts.map(({ name, basis, unitPrice, meterType, totalAmount, vatRate }) => [
      name,
      basis,
      basis === 'split_area' ? '' : unitPrice.trim(),
      basis === 'meter' ? meterType : '',
      basis === 'split_area' ? totalAmount.trim() : '',
      vatRate.trim(),
    ]),
  );
}

/** A field's path as the server's 422 names it. */
export const rulePath = (index: number, field: DraftField) => `chargeRules.${index}.${field}`;

/** The rules part of buildings.update: the server's own schema checks the rules here too. */
const ChargeRulesInput = UpdateBuildingInput.pick({ chargeRules: true });

/**
 * The rules as the server takes them, and the errors keyed like the server's paths: the numbers a person
 * typed that are not numbers, then what the server's schema refuses (a price out of range, say).
 * `t` here and below reads the ChargeRules namespace.
 */
export function toInput(drafts: Draft[], t: Translate, fieldT: Translate): { rules: RuleInput[]; errors: PathErrors } {
  const errors: PathErrors = {};
  const rules = drafts.map((draft, index) => {
    const rule: RuleInput = { name: draft.name.trim(), basis: draft.basis };
    const number = (field: 'unitPrice' | 'totalAmount' | 'vatRate') => {
      const value = parseDecimal(draft[field]);
      if (value === 'invalid') {
        errors[rulePath(index, field)] = t(`errors.${field}`);
        return undefined;
      }
      return value ?? undefined;
    };
    if (draft.basis === 'split_area') rule.totalAmount = number('totalAmount') ?? null;
    else rule.unitPrice = number('unitPrice');
    if (draft.basis === 'meter') rule.meterType = draft.meterType || null;
    rule.vatRate = number('vatRate') ?? 0;
    return rule;
  });
  const schemaErrors = checkWithSchema(ChargeRulesInput, { chargeRules: rules }, fieldT).errors ?? {};
  for (const [at, message] of Object.entries(schemaErrors)) errors[at] ??= message;
  return { rules, errors };
}

/** Names are required on saving only, so that a new rule is not marked before it is filled in. */
export function missingNames(drafts: Draft[], t: Translate): PathErrors {
  const found: PathErrors = {};
  drafts.forEach((draft, index) => {
    if (!draft.name.trim()) found[rulePath(index, 'name')] = t('errors.name');
  });
  return found;
}

/** The `data-focus` of the first field with an error, rule by rule; null when none has one. */
export function firstErrorFocus(drafts: Draft[], errors: PathErrors): string | null {
  for (let index = 0; index < drafts.length; index++) {
    const field = FIELD_ORDER.find((f) => errors[rulePath(index, f)]);
    if (field) return `${drafts[index]!.key}:${field}`;
  }
  return null;
}

/** The errors that no field can show (e.g. about the whole list), once each. */
export function listErrors(...sources: PathErrors[]): string[] {
  const messages = sources.flatMap((errors) => Object.entries(errors).filter(([at]) => !/^chargeRules\.\d+\./.test(at)).map(([, message]) => message));
  return [...new Set(messages)];
}

export function unitPriceLabel(draft: Draft, currency: string, t: Translate): string {
  switch (draft.basis) {
    case 'area':
      return t('unitPrice.area', { currency });
    case 'apartment':
      return t('unitPrice.apartment', { currency });
    case 'resident':
      return t('unitPrice.resident', { currency });
    case 'meter': {
      const unit = METER_TYPES.find((m) => m.value === draft.meterType)?.unit;
      return unit ? t('unitPrice.meterUnit', { currency, unit }) : t('unitPrice.meter', { currency });
    }
    default:
      return t('unitPrice.plain', { currency });
  }
}
