'use client';

import { EllipsisVerticalIcon, PencilIcon, ReplaceIcon, Trash2Icon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { Locale } from '@/i18n/locales';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { METER_TYPES, formatReading, formatUnit } from '@/app/portal/meters/meter-format';
import type { Translate } from '@/app/portal/translate';
import type { BuildingMeter } from './building-meters';

export type MeterAction = 'edit' | 'replace' | 'delete';

export function MeterType({ meter }: { meter: BuildingMeter }) {
  const t = useTranslations('Meters');
  const type = METER_TYPES[meter.type];
  const Icon = type.icon;
  return (
    <span className="inline-flex items-center gap-2">
      <span className={cn('flex size-6 items-center justify-center rounded-full', type.tone)}>
        <Icon className="size-3.5" aria-hidden="true" />
      </span>
      {t(`types.${meter.type}`)} <span className="text-muted-foreground">({formatUnit(meter.unit)})</span>
    </span>
  );
}

/** A meter marked replaced counts its readings in a new series; the first series needs no mention. */
export function SeriesBadge({ meter }: { meter: BuildingMeter }) {
  const t = useTranslations('Meters');
  if (meter.series <= 1) return null;
  return (
    <Badge variant="secondary" title={t('seriesTitle')}>
      {t('series', { series: meter.series })}
    </Badge>
  );
}

/** `t` reads the Meters namespace. */
export function lastValue(m: BuildingMeter, t: Translate): string {
  if (m.lastReading) return formatReading(m.lastReading.value, m.decimals, m.unit);
  return m.series > 1 ? t('noneInSeries') : '—';
}

export function lastDate(m: BuildingMeter, t: Translate, locale: Locale): string {
  return m.lastReading ? formatDate(m.lastReading.readAt, locale) : t('never');
}

/** The row's actions behind one 44 px button, so they stay in reach on a phone. */
export function MeterActions({ meter, label, onAction }: { meter: BuildingMeter; label: string; onAction: (kind: MeterAction) => void }) {
  const t = useTranslations('Meters');
  return (
    // Not modal: the dialogs that the items open manage focus and the rest of the page themselves.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" data-meter-actions={meter.id} aria-label={t('actionsFor', { label })} className="shrink-0">
          <EllipsisVerticalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem className="min-h-11" onSelect={() => onAction('edit')}>
          <PencilIcon aria-hidden="true" />
          {t('edit')}
        </DropdownMenuItem>
        <DropdownMenuItem className="min-h-11" onSelect={() => onAction('replace')}>
          <ReplaceIcon aria-hidden="true" />
          {t('markReplaced')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem className="min-h-11 text-destructive data-[highlighted]:text-destructive" onSelect={() => onAction('delete')}>
          <Trash2Icon aria-hidden="true" />
          {t('delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
