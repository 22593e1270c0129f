import Papa from 'papaparse';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { apartments, buildings } from '@/db/schema';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import { checkApartmentFields, requireBuilding } from './apartment-fields';
import { apartmentScope, buildingScope } from '../scopes';

export const IMPORT_COLUMNS = ['number', 'floor', 'area', 'rooms', 'residentsCount'] as const;
const REQUIRED = ['number', 'area'];
export const MAX_IMPORT_ROWS = 5000;

export type ImportError = FieldError & { row: number; column: string };

function parseNumber(raw: string | undefined, integer: boolean): number | null | 'invalid' {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  // Spreadsheets in Estonia write 45,5 for 45.5.
  const normalized = text.includes('.') ? text : text.replace(',', '.');
  if (!(integer ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/).test(normalized)) return 'invalid';
  return Number(normalized);
}

/**
 * Imports apartments from CSV (header `number,floor,area,rooms,residentsCount`), all or nothing:
 * any bad row gives 422 with one error per problem; numbers that exist are updated, not duplicated.
 */
export async function importApartments({ ctx, input }: { ctx: ServiceContext; input: { buildingId: string; csv: string } }): Promise<{ created: number; updated: number }> {
  requireRole(ctx, ...MANAGERS);
  await requireBuilding(ctx.db, ctx.tenantId, input.buildingId);

  const parsed = Papa.parse<Record<string, string>>(input.csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const headers = parsed.meta.fields ?? [];
  const missing = REQUIRED.filter((c) => !headers.includes(c));
  if (missing.length) {
    throw new ValidationError(missing.map((c) => ({ ...fieldIssue.own('header', 'missingColumn', `missing column "${c}" (expected ${IMPORT_COLUMNS.join(',')})`, { column: c }), row: 1, column: c })));
  }
  if (parsed.data.length === 0) throw new ValidationError([fieldIssue.own('rows', 'noRows', 'the file has no apartment rows')]);
  if (parsed.data.length > MAX_IMPORT_ROWS) throw new ValidationError([fieldIssue.own('rows', 'tooManyRows', `at most ${MAX_IMPORT_ROWS} rows per file`, { maximum: MAX_IMPORT_ROWS })]);

  const errors: ImportError[] = [];
  for (const e of parsed.errors) {
    if (e.row !== undefined) errors.push({ path: `rows.${e.row + 2}`, message: e.message, row: e.row + 2, column: '' });
  }
  const seen = new Map<string, number>();
  const rows = parsed.data.map((record, index) => {
    const row = index + 2; // the header is row 1, as a spreadsheet shows it
    const fields: Record<string, unknown> = { number: (record.number ?? '').trim() };
    for (const [column, integer] of [['floor', true], ['area', false], ['rooms', true], ['residentsCount', true]] as const) {
      if (!headers.includes(column)) continue;
      const value = parseNumber(record[column], integer);
      if (value === 'invalid') errors.push({ path: `rows.${row}.${column}`, message: integer ? 'must be a whole number' : 'must be a number', row, column });
      else fields[column] = value;
    }
    if (fields.area === null || fields.area === undefined) {
      errors.push({ ...fieldIssue.required(`rows.${row}.area`), row, column: 'area' });
      delete fields.area;
    }
    if (fields.residentsCount === null) fields.residentsCount = 0;
    const { columns, errors: fieldErrors } = checkApartmentFields(fields, `rows.${row}.`);
    for (const e of fieldErrors) {
      const column = e.path.split('.').at(-1)!;
      if (!errors.some((x) => x.row === row && x.column === column)) errors.push({ ...e, row, column });
    }
    const number = String(columns.number ?? '');
    if (number && seen.has(number)) errors.push({ ...fieldIssue.own(`rows.${row}.number`, 'repeatsRow', `repeats row ${seen.get(number)}`, { row: seen.get(number)! }), row, column: 'number' });
    else if (number) seen.set(number, row);
    return columns;
  });
  if (errors.length) throw new ValidationError(errors.sort((a, b) => a.row - b.row));

  return ctx.db.transaction(async (tx) => {
    // Imports into one building run one after the other (the building row is their lock; FOR NO KEY UPDATE
    // leaves other apartments' inserts, which only key-share it, alone): each sees what an earlier one made,
    // so its created/updated counts are true, and a building deleted meanwhile is a 404, not a foreign-key 500.
    const [building] = await tx.select({ id: buildings.id }).from(buildings).where(and(buildingScope(ctx), eq(buildings.id, input.buildingId))).for('no key update');
    if (!building) throw new NotFoundError('Building');
    const numbers = rows.map((r) => String(r.number));
    const existing = await tx
      .select({ number: apartments.number })
      .from(apartments)
      .where(and(apartmentScope(ctx), eq(apartments.buildingId, input.buildingId), inArray(apartments.number, numbers)));
    await tx
      .insert(apartments)
      .values(rows.map((r) => ({ ...(r as { number: string; area: string }), tenantId: ctx.tenantId, buildingId: input.buildingId, createdAt: ctx.now })))
      .onConflictDoUpdate({
        target: [apartments.buildingId, apartments.number],
        // Only the columns the file has: a file without `floor` leaves the floors as they are.
        set: Object.fromEntries(
          (['floor', 'area', 'rooms', 'residentsCount'] as const)
            .filter((c) => headers.includes(c))
            .map((c) => [c, sql.raw(`excluded.${apartments[c].name}`)]),
        ),
      });
    const result = { created: rows.length - existing.length, updated: existing.length };
    await writeAudit(tx, ctx, { action: 'apartment.import', entityId: input.buildingId, after: { ...result, numbers } });
    return result;
  });
}
