/**
 * The fixed vocabularies of the domain. The database's enum types are made from these lists
 * (db/schema), so pure code here never imports the database layer.
 */
export const METER_TYPES = ['cold_water', 'hot_water', 'heating', 'electricity', 'gas'] as const;
export type MeterType = (typeof METER_TYPES)[number];

export const CHARGE_BASES = ['area', 'apartment', 'resident', 'meter', 'split_area'] as const;
export type ChargeBasis = (typeof CHARGE_BASES)[number];

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const MAINTENANCE_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** The nine event types of the spec, in the order the docs list them. */
export const EVENT_TYPES = [
  'invoice.created',
  'invoice.sent',
  'invoice.paid',
  'invoice.overdue',
  'payment.received',
  'reading.submitted',
  'reading.confirmed',
  'maintenance.created',
  'maintenance.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
