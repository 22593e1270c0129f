import type { LineUnits } from './charges';
import { divRoundHalfAwayFromZero, unitsToString } from './decimal';

/**
 * Penalty interest (late-payment interest) on overdue invoices.
 *
 * Day `d` after the due date accrues `rate` percent of the balance still open at the start of `d`
 * (amount minus the payments dated before `d`), so an invoice paid on its due date accrues nothing and
 * one paid the day after accrues one day. Accrual runs up to and including `asOf` (the day the next
 * invoice is generated); days up to `chargedThrough` were charged before and are never charged again.
 * Rates are integer 1/10000 percent per day (0.05 % = 500); amounts integer cents.
 */
export type PenaltySource = {
  amount: number;
  dueDate: string;
  /** The last day already charged, or null. */
  chargedThrough: string | null;
  /** Completed payments of the invoice, by the calendar date they were paid. */
  payments: Array<{ date: string; amount: number }>;
};

export type Penalty = { from: string; through: string; days: number; amount: number };

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The penalty a source invoice owes for the days after its due date (and after what was charged) up to
 * `asOf`; null when no day is left to charge. `days` counts the days with a positive open balance; the
 * amount is rounded once, half away from zero, to the cent (it may round to 0).
 */
export function computePenalty(source: PenaltySource, asOf: string, ratePerDay: number): Penalty | null {
  const first = Math.max(dayNumber(source.dueDate), source.chargedThrough ? dayNumber(source.chargedThrough) : -Infinity) + 1;
  const last = dayNumber(asOf);
  if (first > last) return null;
  // A payment dated p lowers the balance from day p + 1 on.
  const changes = source.payments.map((p) => ({ at: dayNumber(p.date) + 1, amount: p.amount })).sort((a, b) => a.at - b.at);
  let balance = source.amount - changes.filter((c) => c.at <= first).reduce((s, c) => s + c.amount, 0);
  let days = 0;
  let balanceDays = 0n;
  let cursor = first;
  const segment = (end: number) => {
    if (balance > 0 && end > cursor) {
      days += end - cursor;
      balanceDays += BigInt(balance) * BigInt(end - cursor);
    }
  };
  for (const change of changes.filter((c) => c.at > first && c.at <= last)) {
    segment(change.at);
    balance -= change.amount;
    cursor = change.at;
  }
  segment(last + 1);
  // cents × (rate / 10^4) percent / 100
  const amount = Number(divRoundHalfAwayFromZero(balanceDays * BigInt(ratePerDay), 1_000_000n));
  return { from: dateOf(first), through: asOf, days, amount };
}

/** A percent rate in 1/10000 as written on an invoice line: 500 -> "0.05". */
export function formatRate(ratePerDay: number): string {
  return unitsToString(ratePerDay, 4).replace(/\.?0+$/, '');
}

/** The invoice line charging a penalty (no VAT: interest is not a supply). */
export function penaltyLine(sourceInvoiceId: string, sourceNumber: string, penalty: Penalty, ratePerDay: number): LineUnits {
  const description = `Penalty interest for invoice ${sourceNumber} (${penalty.days} ${penalty.days === 1 ? 'day' : 'days'} × ${formatRate(ratePerDay)}%)`;
  return { ruleId: `penalty:${sourceInvoiceId}`, description, quantity: '1', unit: 'pcs', unitPrice: penalty.amount * 100, vatRate: 0, netAmount: penalty.amount, vatAmount: 0, amount: penalty.amount };
}

/** How much of a credit balance an invoice of `total` cents uses: never more than the total, never below zero. */
export function creditToApply(total: number, credit: number): number {
  return Math.max(0, Math.min(total, credit));
}

/** The negative line that applies `cents` of the apartment's credit balance. */
export function creditLine(cents: number): LineUnits {
  return { ruleId: 'credit', description: 'Credit from previous payments', quantity: '1', unit: 'pcs', unitPrice: -cents * 100, vatRate: 0, netAmount: -cents, vatAmount: 0, amount: -cents };
}

/**
 * An invoice's lines: the charge lines, a penalty line per source invoice with a penalty of at least a
 * cent, then the credit line using as much of `credit` as the total allows. The lines add up to the
 * total, which never drops below zero through credit.
 */
export function assembleInvoiceLines(
  charges: LineUnits[],
  penalties: Array<{ invoiceId: string; number: string; penalty: Penalty }>,
  ratePerDay: number,
  credit: number,
): { lines: LineUnits[]; creditApplied: number } {
  const lines = [...charges];
  for (const p of penalties) if (p.penalty.amount > 0) lines.push(penaltyLine(p.invoiceId, p.number, p.penalty, ratePerDay));
  const creditApplied = creditToApply(
    lines.reduce((s, l) => s + l.amount, 0),
    credit,
  );
  if (creditApplied > 0) lines.push(creditLine(creditApplied));
  return { lines, creditApplied };
}
