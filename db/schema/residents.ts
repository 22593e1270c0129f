import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { maintenanceStatusEnum } from './enums';
import { apartments, buildings, residentRoleEnum } from './property';
import { roleEnum, tenants, users } from './tenancy';

export const invitationStatusEnum = pgEnum('invitation_status', ['pending', 'accepted', 'cancelled']);

/**
 * An invitation of a person to an apartment (as its owner or tenant), or to the organisation's team (`memberRole`
 * admin or manager, no apartment); the token is single use, valid 7 days, kept only as a hash.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    apartmentId: uuid('apartment_id').references(() => apartments.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: residentRoleEnum('role').notNull().default('owner'),
    /** A team invitation: the role the person gets in the organisation. */
    memberRole: roleEnum('member_role'),
    tokenHash: text('token_hash').notNull(),
    // `expired` is not stored: it is a pending invitation past expiresAt.
    status: invitationStatusEnum('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_tenant_status_idx').on(t.tenantId, t.status),
    // Either an apartment or a team role, never both or neither; the team never gets a resident by invitation.
    check('invitations_kind_check', sql`(${t.apartmentId} is null) = (${t.memberRole} is not null) and ${t.memberRole} is distinct from 'resident'`),
  ],
);


export const maintenanceRequests = pgTable(
  'maintenance_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    apartmentId: uuid('apartment_id')
      .notNull()
      .references(() => apartments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: maintenanceStatusEnum('status').notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('maintenance_requests_tenant_building_status_idx').on(t.tenantId, t.buildingId, t.status, t.createdAt)],
);

/** Uploaded files (photos of maintenance requests and meters); the bytes live in the storage, not here. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    // The record the file belongs to, once attached (a maintenance request, a meter reading).
    entityType: text('entity_type'),
    entityId: uuid('entity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_tenant_entity_idx').on(t.tenantId, t.entityType, t.entityId)],
);
