import type { payments } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';

export type PaymentView = {
  id: string;
  /** Null for a prepayment: money received ahead of any invoice, kept as the apartment's credit. */
  invoiceId: string | null;
  apartmentId: string;
  amount: number;
  currency: string;
  method: 'banklink' | 'bank_transfer' | 'manual';
  status: 'pending' | 'completed' | 'failed';
  paidAt: Date | null;
  payerName: string | null;
  externalId: string | null;
};

export function paymentView(p: typeof payments.$inferSelect): PaymentView {
  return {
    id: p.id,
    invoiceId: p.invoiceId,
    apartmentId: p.apartmentId,
    amount: fromUnits(p.amount, 2),
    currency: p.currency,
    method: p.method,
    status: p.status,
    paidAt: p.paidAt,
    payerName: p.payerName,
    externalId: p.externalId,
  };
}
