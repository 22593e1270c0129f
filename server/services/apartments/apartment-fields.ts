import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apartments, buildings } from '@/db/schema';
import { decimalPlaces, toUnits, unitsToString } from '@/server/domain/decimal';
import { type FieldError, NotFoundError } from '../errors';

export type ApartmentFieldsInput = {
  number?: string;
  floor?: number | null;
  area?: number;
  rooms?: number | null;
  residentsCount?: number;
};

export type ApartmentView = {
  id: string;
  buildingId: string;
  number: string;
  floor: number | null;
  area: number;
  rooms: number | null;
  residentsCount: number;
  createdAt: Date;
};

export function apartmentView(row: typeof apartments.$inferSelect): ApartmentView {
  return {
    id: row.id,
    buildingId: row.buildingId,
    number: row.number,
    floor: row.floor,
    area: Number(row.area),
    rooms: row.rooms,
    residentsCount: row.residentsCount,
    createdAt: row.createdAt,
  };
}

/** Semantic checks of apartment fields; returns column values and the problems found (paths prefixed by `at`). */
export function checkApartmentFields(input: ApartmentFieldsInput, at = ''): { columns: Record<string, unknown>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const columns: Record<string, unknown> = {};
  const path = (f: string) => `${at}${f}`;
  if (input.number !== undefined) {
    const number = input.number.trim();
    if (number === '' || number.length > 20) errors.push({ path: path('number'), message: 'must be 1 to 20 characters' });
    columns.number = number;
  }
  if (input.floor !== undefined) {
    if (input.floor !== null && (!Number.isInteger(input.floor) || input.floor < -10 || input.floor > 200)) errors.push({ path: path('floor'), message: 'must be a whole number from -10 to 200' });
    columns.floor = input.floor;
  }
  if (input.area !== undefined) {
    if (!(input.area > 0)) errors.push({ path: path('area'), message: 'must be greater than 0' });
    else if (decimalPlaces(input.area) > 2) errors.push({ path: path('area'), message: 'has more than 2 decimal places' });
    else if (input.area > 100000) errors.push({ path: path('area'), message: 'must be at most 100000' });
    else columns.area = unitsToString(toUnits(input.area, 2), 2);
  }
  if (input.rooms !== undefined) {
    if (input.rooms !== null && (!Number.isInteger(input.rooms) || input.rooms < 0 || input.rooms > 100)) errors.push({ path: path('rooms'), message: 'must be a whole number from 0 to 100' });
    columns.rooms = input.rooms;
  }
  if (input.residentsCount !== undefined) {
    if (!Number.isInteger(input.residentsCount) || input.residentsCount < 0 || input.residentsCount > 100) errors.push({ path: path('residentsCount'), message: 'must be a whole number from 0 to 100' });
    columns.residentsCount = input.residentsCount;
  }
  return { columns, errors };
}

/** The building of the tenant, or 404. */
export async function requireBuilding(db: DbExecutor, tenantId: string, buildingId: string): Promise<{ id: string }> {
  const [row] = await db.select({ id: buildings.id }).from(buildings).where(and(eq(buildings.tenantId, tenantId), eq(buildings.id, buildingId)));
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
