import type { ChargeBasis, MeterType } from './enums';
import { compareApartmentNumbers } from './apartment-number';
import { divRoundHalfAwayFromZero } from './decimal';

/** A charge rule in integer units: unitPrice in 1/10000, totalAmount in cents, vatRate in 1/100 percent. */
export type RuleUnits = {
  id: string;
  name: string;
  basis: ChargeBasis;
  unitPrice: number;
  meterType: MeterType | null;
  totalAmount: number | null;
  vatRate: number;
};

/** What billing knows of an apartment: area in 1/100 m², consumption per meter type in 1/1000 units. */
export type ApartmentFacts = {
  id: string;
  number: string;
  area: number;
  residentsCount: number;
  /** Absent for a type means no consumption could be established (a missing reading). */
  consumption: Partial<Record<MeterType, number>>;
  /** The readings billed from and to per type, shown on the meter line after the rule's name. */
  readings?: Partial<Record<MeterType, string>>;
};

/** One invoice line; quantity is a decimal string as printed, amounts are cents. */
export type LineUnits = {
  ruleId: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: number;
  vatRate: number;
  netAmount: number;
  vatAmount: number;
  amount: number;
  /** Why the line could not be computed from data (a meter without readings): a person must look. */
  missing?: string;
};

export const METER_UNITS: Record<MeterType, string> = {
  cold_water: 'm3',
  hot_water: 'm3',
  heating: 'MWh',
  electricity: 'kWh',
  gas: 'm3',
};

const QUANTITY_SCALE: Record<Exclude<ChargeBasis, 'split_area'>, number> = { area: 2, apartment: 0, resident: 0, meter: 3 };

function scaled(units: number, scale: number): string {
  if (scale === 0) return String(units);
  const s = String(Math.abs(units)).padStart(scale + 1, '0');
  return `${units < 0 ? '-' : ''}${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

function vatOf(netCents: number, vatRate: number): number {
  return Number(divRoundHalfAwayFromZero(BigInt(netCents) * BigInt(vatRate), 10_000n));
}

function line(rule: RuleUnits, quantity: string, unit: string, unitPrice: number, netAmount: number, missing?: string): LineUnits {
  const vatAmount = vatOf(netAmount, rule.vatRate);
  return { ruleId: rule.id, description: rule.name, quantity, unit, unitPrice, vatRate: rule.vatRate, netAmount, vatAmount, amount: netAmount + vatAmount, ...(missing ? { missing } : {}) };
}

export { compareApartmentNumbers };

/**
 * Splits `total` cents across apartments in proportion to area by the largest-remainder method:
 * the parts add up to the total exactly. Ties go to the larger area, then the lower apartment number.
 */
export function splitByArea(total: number, apartments: Array<{ id: string; number: string; area: number }>): Map<string, number> {
  const totalArea = apartments.reduce((sum, a) => sum + BigInt(a.area), 0n);
  const parts = new Map<string, number>();
  if (totalArea === 0n) {
    for (const a of apartments) parts.set(a.id, 0);
    return parts;
  }
  const shares = apartments.map((a) => {
    const exact = BigInt(total) * BigInt(a.area);
    return { apt: a, floor: exact / totalArea, remainder: exact % totalArea };
  });
  let left = BigInt(total) - shares.reduce((sum, s) => sum + s.floor, 0n);
  const order = [...shares].sort(
    (x, y) =>
      (y.remainder > x.remainder ? 1 : y.remainder < x.remainder ? -1 : 0) ||
      y.apt.area - x.apt.area ||
      compareApartmentNumbers(x.apt.number, y.apt.number),
  );
  for (const s of order) {
    parts.set(s.apt.id, Number(s.floor + (left > 0n ? 1n : 0n)));
    if (left > 0n) left -= 1n;
  }
  return parts;
}

/** The lines every apartment of a building gets from the building's rules, one per rule. */
export function computeCharges(rules: RuleUnits[], apartments: ApartmentFacts[]): Map<string, LineUnits[]> {
  const out = new Map<string, LineUnits[]>(apartments.map((a) => [a.id, []]));
  const totalArea = apartments.reduce((sum, a) => sum + a.area, 0);
  for (const rule of rules) {
    if (rule.basis === 'split_area') {
      const total = rule.totalAmount ?? 0;
      const parts = splitByArea(total, apartments);
      // unitPrice = total ÷ total area, in 1/10000 (informational): cents*100 / (area/100) = cents*10^4/area.
      const perSquareMetre = totalArea > 0 ? Number(divRoundHalfAwayFromZero(BigInt(total) * 10_000n, BigInt(totalArea))) : 0;
      for (const a of apartments) out.get(a.id)!.push(line(rule, scaled(a.area, 2), 'm2', perSquareMetre, parts.get(a.id) ?? 0));
      continue;
    }
    const scale = QUANTITY_SCALE[rule.basis];
    for (const a of apartments) {
      let quantity: number;
      let unit: string;
      let missing: string | undefined;
      if (rule.basis === 'area') {
        quantity = a.area;
        unit = 'm2';
      } else if (rule.basis === 'apartment') {
        quantity = 1;
        unit = 'pcs';
      } else if (rule.basis === 'resident') {
        quantity = a.residentsCount;
        unit = 'person';
      } else {
        const type = rule.meterType!;
        unit = METER_UNITS[type];
        const consumed = a.consumption[type];
        quantity = consumed ?? 0;
        if (consumed === undefined) missing = `no confirmed ${type.replace('_', ' ')} readings for the period`;
      }
      // quantity (10^-scale) × unitPrice (10^-4) -> cents (10^-2)
      const net = Number(divRoundHalfAwayFromZero(BigInt(quantity) * BigInt(rule.unitPrice), 10n ** BigInt(scale + 2)));
      const made = line(rule, scaled(quantity, scale), unit, rule.unitPrice, net, missing);
      const readings = rule.basis === 'meter' ? a.readings?.[rule.meterType!] : undefined;
      out.get(a.id)!.push(readings ? { ...made, description: `${rule.name}: ${readings}` } : made);
    }
  }
  return out;
}
