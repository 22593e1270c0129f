import { DropletIcon, FlameIcon, HeaterIcon, ZapIcon, type LucideIcon } from 'lucide-react';
import type { Locale } from '@/i18n/locales';

// Meters and readings as residents and managers read them; shared by the portal and the manager pages.

/** A reading's digits as written in the reader's language, without grouping (a register shows none). */
function formatNumber(value: number, digits: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
}

export type MeterType = 'cold_water' | 'hot_water' | 'heating' | 'electricity' | 'gas';
export type ReadingStatus = 'submitted' | 'confirmed' | 'rejected';

/** Each type's icon and colours; its name is the catalogue's (`PortalMeters.types`). */
export const METER_TYPES: Record<MeterType, { icon: LucideIcon; tone: string }> = {
  cold_water: { icon: DropletIcon, tone: 'bg-sky-100 text-sky-800' },
  hot_water: { icon: DropletIcon, tone: 'bg-red-100 text-red-800' },
  heating: { icon: HeaterIcon, tone: 'bg-orange-100 text-orange-800' },
  electricity: { icon: ZapIcon, tone: 'bg-yellow-100 text-yellow-900' },
  gas: { icon: FlameIcon, tone: 'bg-blue-100 text-blue-800' },
};

/** Each status's badge; its words are the catalogue's (`PortalMeters.status`). */
export const READING_STATUS: Record<ReadingStatus, { variant: 'warning' | 'success' | 'destructive' }> = {
  submitted: { variant: 'warning' },
  confirmed: { variant: 'success' },
  rejected: { variant: 'destructive' },
};

/** "m3" → "m³"; other units as stored. */
export function formatUnit(unit: string): string {
  return unit.replace(/^m3$/, 'm³');
}

/** A register value with the meter's decimals, e.g. "123.450 m³"; with a locale as its readers write numbers ("123,450 m³"). */
export function formatReading(value: number, decimals: number, unit?: string, locale?: Locale): string {
  const digits = Math.max(0, Math.min(decimals, 6));
  const text = locale ? formatNumber(value, digits, locale) : value.toFixed(digits);
  return unit ? `${text} ${formatUnit(unit)}` : text;
}

/** A consumption with its sign, e.g. "+3.200 m³"; "—" when there is nothing to compare with. */
export function formatConsumption(consumption: number | null, decimals: number, unit: string, locale?: Locale): string {
  if (consumption === null) return '—';
  return `${consumption >= 0 ? '+' : '−'}${formatReading(Math.abs(consumption), decimals, unit, locale)}`;
}

export type ReadingWindow = { startDay: number; endDay: number; open: boolean };

/** The buildings' people live in Estonia: "today" is Tallinn's (as in lib/format). */
const TIME_ZONE = 'Europe/Tallinn';

/** The building's reading window (days of the month) and whether today falls within it; null when none is set. */
export function readingWindow(startDay: number | null, endDay: number | null, now = new Date()): ReadingWindow | null {
  if (startDay === null || endDay === null) return null;
  const today = Number(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: 'numeric' }).format(now));
  // A window such as 28th–3rd runs over the turn of the month.
  const open = startDay <= endDay ? today >= startDay && today <= endDay : today >= startDay || today <= endDay;
  return { startDay, endDay, open };
}
