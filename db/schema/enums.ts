import { pgEnum } from 'drizzle-orm/pg-core';
import { CHARGE_BASES, INVOICE_STATUSES, MAINTENANCE_STATUSES, METER_TYPES } from '@/server/domain/enums';

export type { ChargeBasis, InvoiceStatus, MaintenanceStatus, MeterType } from '@/server/domain/enums';

export const meterTypeEnum = pgEnum('meter_type', METER_TYPES);
export const chargeBasisEnum = pgEnum('charge_basis', CHARGE_BASES);
export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);
export const maintenanceStatusEnum = pgEnum('maintenance_status', MAINTENANCE_STATUSES);
