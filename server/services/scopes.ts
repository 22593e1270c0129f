import { and, eq, inArray, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import {
  apartmentResidents,
  apartments,
  apiKeys,
  bankStatementEntries,
  buildings,
  chargeRules,
  invitations,
  invoiceLines,
  invoices,
  jobs,
  maintenanceRequests,
  meterReadings,
  meters,
  payments,
  uploads,
  webhookDeliveries,
  webhookEndpoints, invoiceReminders, paymentDemands } from '@/db/schema';
import type { ServiceContext } from './context';

/**
 * Who may see and change what, built once per entity from the caller and used by every read and every
 * write of that entity: the tenant always; for residents also their apartments (through their membership
 * rows, never by email) and, for invoices, nothing in draft. Each helper needs the caller's context, so a
 * query cannot be scoped by forgetting an argument. Another tenant's row and a row the caller may not
 * see are the same 404.
 */
export type Scope = Pick<ServiceContext, 'role'> & { tenantId: ServiceContext['tenantId'] | Placeholder; userId: ServiceContext['userId'] | Placeholder };

/** Residents' scopes differ in shape from everyone else's (staff: admins, managers and API keys, scoped alike). */
export type ScopeKind = 'resident' | 'staff';

export const scopeKind = (ctx: Scope): ScopeKind => (isResident(ctx) ? 'resident' : 'staff');

/**
 * A caller's scope whose values are placeholders (`tenantId`, `userId`), for a read prepared once per kind of caller
 * and run with `scopeValues(ctx)`. Anything but `staff` is scoped as a resident.
 */
export function placeholderScope(kind: ScopeKind): Scope {
  return { tenantId: sql.placeholder('tenantId'), userId: sql.placeholder('userId'), role: kind === 'staff' ? 'manager' : 'resident' };
}

/** The values of `placeholderScope`'s placeholders for this caller. */
export function scopeValues(ctx: Pick<ServiceContext, 'tenantId' | 'userId'>): { tenantId: string; userId: string | null } {
  return { tenantId: ctx.tenantId, userId: ctx.userId };
}

const isResident = (ctx: Scope) => ctx.role === 'resident';

/** The apartments the caller lives in (a subquery; empty for a caller without a user, such as an API key). */
function myApartments(ctx: Scope): SQL {
  return sql`(select ${apartmentResidents.apartmentId} from ${apartmentResidents} where ${apartmentResidents.tenantId} = ${ctx.tenantId} and ${apartmentResidents.userId} = ${ctx.userId ?? sql`null`})`;
}

export function buildingScope(ctx: Scope): SQL {
  return eq(buildings.tenantId, ctx.tenantId);
}

export function apartmentScope(ctx: Scope): SQL {
  const tenant = eq(apartments.tenantId, ctx.tenantId);
  return isResident(ctx) ? and(tenant, inArray(apartments.id, myApartments(ctx)))! : tenant;
}

export function invoiceScope(ctx: Scope): SQL {
  const tenant = eq(invoices.tenantId, ctx.tenantId);
  return isResident(ctx) ? and(tenant, inArray(invoices.apartmentId, myApartments(ctx)), ne(invoices.status, 'draft'))! : tenant;
}

/** Lines are read with their invoice; the tenant filter keeps a join from ever crossing tenants. */
export function invoiceLineScope(ctx: Scope): SQL {
  return eq(invoiceLines.tenantId, ctx.tenantId);
}

export function meterScope(ctx: Scope): SQL {
  const tenant = eq(meters.tenantId, ctx.tenantId);
  // A building's common meters (no apartment) are the manager's only.
  return isResident(ctx) ? and(tenant, inArray(meters.apartmentId, myApartments(ctx)))! : tenant;
}

export function readingScope(ctx: Scope): SQL {
  const tenant = eq(meterReadings.tenantId, ctx.tenantId);
  if (!isResident(ctx)) return tenant;
  const myMeters = sql`(select ${meters.id} from ${meters} where ${meterScope(ctx)})`;
  return and(tenant, inArray(meterReadings.meterId, myMeters))!;
}

export function maintenanceScope(ctx: Scope): SQL {
  const tenant = eq(maintenanceRequests.tenantId, ctx.tenantId);
  return isResident(ctx) ? and(tenant, inArray(maintenanceRequests.apartmentId, myApartments(ctx)))! : tenant;
}

export function chargeRuleScope(ctx: Scope): SQL {
  return eq(chargeRules.tenantId, ctx.tenantId);
}

export function paymentScope(ctx: Scope): SQL {
  return eq(payments.tenantId, ctx.tenantId);
}

export function invitationScope(ctx: Scope): SQL {
  return eq(invitations.tenantId, ctx.tenantId);
}

export function apiKeyScope(ctx: Scope): SQL {
  return eq(apiKeys.tenantId, ctx.tenantId);
}

/** Uploads are checked further by their record (server/services/uploads/read-upload.ts). */
export function uploadScope(ctx: Scope): SQL {
  return eq(uploads.tenantId, ctx.tenantId);
}

export function jobScope(ctx: Scope): SQL {
  return eq(jobs.tenantId, ctx.tenantId);
}

export function webhookScope(ctx: Scope): SQL {
  return eq(webhookEndpoints.tenantId, ctx.tenantId);
}

export function webhookDeliveryScope(ctx: Scope): SQL {
  return eq(webhookDeliveries.tenantId, ctx.tenantId);
}

/** Payment reminders are the managers' (the services check the role). */
export function invoiceReminderScope(ctx: Scope): SQL {
  return eq(invoiceReminders.tenantId, ctx.tenantId);
}

/** Payment demands are the managers' (the services check the role). */
export function paymentDemandScope(ctx: Scope): SQL {
  return eq(paymentDemands.tenantId, ctx.tenantId);
}

/** Bank statement entries are the managers' (the services check the role). */
export function bankEntryScope(ctx: Scope): SQL {
  return eq(bankStatementEntries.tenantId, ctx.tenantId);
}
