import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { preparedRead } from '@/db/prepared-read';
import { apartmentCredits, apartments, buildings } from '@/db/schema';
import { decimalPlaces, fromUnits, toUnits, unitsToString } from '@/server/domain/decimal';
import { type FieldError, NotFoundError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';

export type ApartmentFieldsInput = {
  number?: string;
  floor?: number | null;
  area?: number;
  rooms?: number | null;
  residentsCount?: number;
  remindersPaused?: boolean;
  remindersNote?: string | null;
};

export type ApartmentView = {
  id: string;
  buildingId: string;
  number: string;
  floor: number | null;
  area: number;
  rooms: number | null;
  residentsCount: number;
  /** Money paid above invoices' open balances, not yet used by a generated invoice. */
  creditBalance: number;
  /** No payment reminders for its invoices (an agreed payment plan, say), with why. */
  remindersPaused: boolean;
  remindersNote: string | null;
  createdAt: Date;
};

/** `creditCents`: the apartment's credit balance (see `creditBalances`). */
export function apartmentView(row: typeof apartments.$inferSelect, creditCents = 0): ApartmentView {
  return {
    id: row.id,
    buildingId: row.buildingId,
    number: row.number,
    floor: row.floor,
    area: Number(row.area),
    rooms: row.rooms,
    residentsCount: row.residentsCount,
    creditBalance: fromUnits(creditCents, 2),
    remindersPaused: row.remindersPaused,
    remindersNote: row.remindersNote,
    createdAt: row.createdAt,
  };
}

/** Credit balances (the sum of each apartment's `apartment_credits` ledger) in cents; absent means 0. */
export async function creditBalances(db: DbExecutor, tenantId: string, apartmentIds: string[]): Promise<Map<string, number>> {
  if (apartmentIds.length === 0) return new Map();
  const rows = await db
    .select({ apartmentId: apartmentCredits.apartmentId, balance: sql<string>`sum(${apartmentCredits.amount})` })
    .from(apartmentCredits)
    .where(and(eq(apartmentCredits.tenantId, tenantId), inArray(apartmentCredits.apartmentId, apartmentIds)))
    .groupBy(apartmentCredits.apartmentId);
  return new Map(rows.map((r) => [r.apartmentId, Number(r.balance)]));
}

/** Semantic checks of apartment fields; returns column values and the problems found (paths prefixed by `at`). */
export function checkApartmentFields(input: ApartmentFieldsInput, at = ''): { columns: Record<string, unknown>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const columns: Record<string, unknown> = {};
  const path = (f: string) => `${at}${f}`;
  if (input.number !== undefined) {
    const number = input.number.trim();
    if (number === '' || number.length > 20) errors.push(number === '' ? fieldIssue.empty(path('number')) : fieldIssue.tooLong(path('number'), 20));
    columns.number = number;
  }
  if (input.floor !== undefined) {
    if (input.floor !== null && (!Number.isInteger(input.floor) || input.floor < -10 || input.floor > 200)) errors.push(fieldIssue.wholeBetween(path('floor'), -10, 200, 'must be a whole number from -10 to 200'));
    columns.floor = input.floor;
  }
  if (input.area !== undefined) {
    if (!(input.area > 0)) errors.push(fieldIssue.above(path('area'), 0));
    else if (decimalPlaces(input.area) > 2) errors.push(fieldIssue.decimals(path('area'), 2));
    else if (input.area > 100000) errors.push(fieldIssue.atMost(path('area'), 100000));
    else columns.area = unitsToString(toUnits(input.area, 2), 2);
  }
  if (input.rooms !== undefined) {
    if (input.rooms !== null && (!Number.isInteger(input.rooms) || input.rooms < 0 || input.rooms > 100)) errors.push(fieldIssue.wholeBetween(path('rooms'), 0, 100, 'must be a whole number from 0 to 100'));
    columns.rooms = input.rooms;
  }
  if (input.residentsCount !== undefined) {
    if (!Number.isInteger(input.residentsCount) || input.residentsCount < 0 || input.residentsCount > 100) errors.push(fieldIssue.wholeBetween(path('residentsCount'), 0, 100, 'must be a whole number from 0 to 100'));
    columns.residentsCount = input.residentsCount;
  }
  if (input.remindersPaused !== undefined) columns.remindersPaused = input.remindersPaused;
  if (input.remindersNote !== undefined) {
    const note = input.remindersNote?.trim() || null;
    if (note && note.length > 500) errors.push(fieldIssue.tooLong(path('remindersNote'), 500));
    columns.remindersNote = note;
  }
  return { columns, errors };
}

// Checked before most reads of a building's apartments and meters: prepared.
const tenantBuilding = preparedRead((db) =>
  db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.tenantId, sql.placeholder('tenantId')), eq(buildings.id, sql.placeholder('buildingId'))))
    .prepare('tenant_building'),
);

/** The building of the tenant, or 404. */
export async function requireBuilding(db: DbExecutor, tenantId: string, buildingId: string): Promise<{ id: string }> {
  const [row] = await tenantBuilding(db).execute({ tenantId, buildingId });
  if (!row) throw new NotFoundError('Building');
  return row;
}

/** Postgres unique-violation (the same code on PGlite). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
