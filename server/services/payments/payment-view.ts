import { payments } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';

export type PaymentView = {
  id: string;
  /** Null for a prepayment: money received ahead of any invoice, kept as the apartment's credit. */
  invoiceId: string | null;
  /** The invoice's number, for people reading a list; null for a prepayment. */
  invoiceNumber: string | null;
  apartmentId: string;
  apartmentNumber: string;
  buildingId: string;
  amount: number;
  currency: string;
  method: 'banklink' | 'bank_transfer' | 'manual';
  status: 'pending' | 'completed' | 'failed';
  paidAt: Date | null;
  payerName: string | null;
  externalId: string | null;
};

export type PaymentLabels = { invoiceNumber: string | null; apartmentNumber: string; buildingId: string };

/** The columns a payment's view reads: lists select these, not the whole row (fewer values to parse and map). */
export const paymentViewColumns = {
  id: payments.id,
  invoiceId: payments.invoiceId,
  apartmentId: payments.apartmentId,
  amount: payments.amount,
  currency: payments.currency,
  method: payments.method,
  status: payments.status,
  paidAt: payments.paidAt,
  payerName: payments.payerName,
  externalId: payments.externalId,
};
export type PaymentViewRow = Pick<typeof payments.$inferSelect, keyof typeof paymentViewColumns>;

export function paymentView(p: PaymentViewRow, labels: PaymentLabels): PaymentView {
  return {
    id: p.id,
    invoiceId: p.invoiceId,
    invoiceNumber: labels.invoiceNumber,
    apartmentId: p.apartmentId,
    apartmentNumber: labels.apartmentNumber,
    buildingId: labels.buildingId,
    amount: fromUnits(p.amount, 2),
    currency: p.currency,
    method: p.method,
    status: p.status,
    paidAt: p.paidAt,
    payerName: p.payerName,
    externalId: p.externalId,
  };
}
