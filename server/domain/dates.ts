import { TZDate } from '@date-fns/tz';

/** Calendar dates as `YYYY-MM-DD` strings; "today" and every day boundary are the tenant's. */

// Building an Intl.DateTimeFormat costs far more than formatting with one (a list request asks for today once):
// one per time zone, kept for the process. An unknown zone throws before anything is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function todayIn(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

export function isValidDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first instant of a calendar day in `timeZone` (DST-aware: not always 24 h after the one before). */
export function startOfDayIn(date: string, timeZone: string, laterDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d + laterDays, timeZone).getTime());
}

/** The last millisecond of a calendar day in `timeZone`: "at or before the day" includes the whole local day. */
export function endOfDayIn(date: string, timeZone: string): Date {
  // The next day by arithmetic, not by a string: 9999-12-31 has a next day, '10000-01-01' no ISO spelling.
  return new Date(startOfDayIn(date, timeZone, 1).getTime() - 1);
}

/** An instant as the wall clock in `timeZone` shows it, `YYYY-MM-DD HH:mm` (for exports people sort and read). */
export function localDateTimeIn(at: Date, timeZone: string): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
