import { fromUnits, toUnits } from '@/server/domain/decimal';
import { getApartmentAccount } from '../apartments/get-apartment-account';
import type { ServiceContext } from '../context';
import { getInvoice } from './get-invoice';

/** Amounts in currency units; a negative balance is credit. */
export type InvoiceAccount = { previousBalance: number; paymentsSince: number; balanceAfter: number };

/**
 * The apartment's account around an invoice, as the invoice shows it: the balance after the previous invoice, the
 * payments received since, and the balance once this invoice is added (open invoices less credit, as on the
 * apartment's statement). A draft is placed after everything dated up to its issue date.
 */
export async function invoiceAccount({ ctx, invoice }: { ctx: ServiceContext; invoice: { id: string; apartmentId: string; issueDate: string; amount: number } }): Promise<InvoiceAccount> {
  const { entries } = await getApartmentAccount({ ctx, input: { id: invoice.apartmentId } });
  const at = entries.findIndex((e) => e.kind === 'invoice' && e.invoiceId === invoice.id);
  const before = at >= 0 ? entries.slice(0, at) : entries.filter((e) => e.date <= invoice.issueDate);
  const previous = before.findLastIndex((e) => e.kind === 'invoice');
  const since = before.slice(previous + 1);
  const charge = at >= 0 ? entries[at]!.charge : toUnits(invoice.amount, 2);
  return {
    previousBalance: fromUnits(previous >= 0 ? before[previous]!.balance : 0, 2),
    paymentsSince: fromUnits(since.reduce((s, e) => s + e.payment, 0), 2),
    balanceAfter: fromUnits((before.at(-1)?.balance ?? 0) + charge, 2),
  };
}

/** GET /invoices/{id}/account: the same for an invoice the caller may see (404 otherwise). */
export async function getInvoiceAccount({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<InvoiceAccount> {
  return invoiceAccount({ ctx, invoice: await getInvoice({ ctx, input }) });
}
