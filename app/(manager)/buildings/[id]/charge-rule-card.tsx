'use client';

import { ArrowDownIcon, ArrowUpIcon, Trash2Icon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import type { ChargeBasis, MeterType } from '../types';
import { BASES, METER_TYPES, unitPriceLabel, type Draft, type DraftField } from './charge-rules';

/** One rule as a group of fields, with the buttons that move it up or down the list and remove it. */
export function ChargeRuleCard({
  draft,
  index,
  count,
  currency,
  errorAt,
  onChange,
  onMove,
  onRemove,
}: {
  draft: Draft;
  index: number;
  /** How many rules the list has, to disable moving the last one down. */
  count: number;
  currency: string;
  errorAt: (field: DraftField) => string | undefined;
  onChange: (patch: Partial<Draft>) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useTranslations('ChargeRules');
  const meters = useTranslations('Meters');
  const number = index + 1;
  const labelId = `rule-${draft.key}-label`;
  // A number field of the rule: they differ only in what they hold and how long it may be.
  const amountInput = (field: 'unitPrice' | 'totalAmount' | 'vatRate', maxLength: number) => (
    <Input
      data-focus={`${draft.key}:${field}`}
      inputMode="decimal"
      autoComplete="off"
      maxLength={maxLength}
      value={draft[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
    />
  );
  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-4 rounded-lg border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <p id={labelId} className="text-sm font-semibold">
          {t('rule', { number })}
          {draft.name.trim() && <span className="font-normal text-muted-foreground">: {draft.name.trim()}</span>}
        </p>
        <div className="flex shrink-0 gap-1">
          <Button data-focus={`${draft.key}:up`} variant="ghost" size="icon" aria-label={t('moveUp', { number })} disabled={index === 0} onClick={() => onMove(-1)}>
            <ArrowUpIcon aria-hidden="true" />
          </Button>
          <Button
            data-focus={`${draft.key}:down`}
            variant="ghost"
            size="icon"
            aria-label={t('moveDown', { number })}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDownIcon aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" className="text-destructive hover:text-destructive" aria-label={t('remove', { number })} onClick={onRemove}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label={t('name')} error={errorAt('name')} description={t('nameHint')} className="content-start">
          <Input data-focus={`${draft.key}:name`} autoComplete="off" maxLength={200} value={draft.name} onChange={(event) => onChange({ name: event.target.value })} />
        </FormField>

        <FormField label={t('basis')} error={errorAt('basis')} className="content-start">
          <OptionsSelect data-focus={`${draft.key}:basis`} value={draft.basis} onChange={(value) => onChange({ basis: value as ChargeBasis })} options={BASES.map((basis) => ({ value: basis, label: t(`bases.${basis}`) }))}
          />
        </FormField>

        {draft.basis === 'meter' && (
          <FormField label={t('meterType')} error={errorAt('meterType')} className="content-start">
            <OptionsSelect
              data-focus={`${draft.key}:meterType`}
              value={draft.meterType}
              onChange={(value) => onChange({ meterType: value as MeterType })}
              options={METER_TYPES.map((m) => ({ value: m.value, label: meters(`types.${m.value}`) }))}
              placeholder={t('chooseMeterType')}
            />
          </FormField>
        )}

        {draft.basis === 'split_area' ? (
          <FormField label={t('totalAmount', { currency })} error={errorAt('totalAmount')} description={t('totalHint')} className="content-start">
            {amountInput('totalAmount', 20)}
          </FormField>
        ) : (
          <FormField label={unitPriceLabel(draft, currency, t)} error={errorAt('unitPrice')} className="content-start">
            {amountInput('unitPrice', 20)}
          </FormField>
        )}

        <FormField label={t('vat')} error={errorAt('vatRate')} className="content-start">
          {amountInput('vatRate', 6)}
        </FormField>
      </div>
    </div>
  );
}
