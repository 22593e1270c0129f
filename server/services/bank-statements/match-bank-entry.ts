import { and, eq } from 'drizzle-orm';
import { apartments, bankStatementEntries, buildings, invoices } from '@/db/schema';
import { fromUnits } from '@/server/domain/decimal';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import type { PaymentView } from '../payments/payment-view';
import { apartmentScope, bankEntryScope, invoiceScope } from '../scopes';
import { type BankEntryView, bankEntryViews, paymentViewsOf } from './bank-entry-view';
import { bookBankEntry } from './book-bank-entry';
import { lockBankBooking } from './lock-bank-booking';

export type MatchBankEntryInput = { id: string; invoiceId?: string; apartmentId?: string; ignore?: boolean };

/**
 * A person settles an entry of the queue: to an invoice (paid first, the rest as a reference match would:
 * the apartment's other open invoices oldest first, then its credit), to an apartment, or ignored (money
 * that is not a resident's payment). An entry already matched or ignored is 409.
 */
export async function matchBankEntry({ ctx, input }: { ctx: ServiceContext; input: MatchBankEntryInput }): Promise<{ entry: BankEntryView; payments: PaymentView[] }> {
  requireRole(ctx, ...MANAGERS);
  return ctx.db.transaction(async (tx) => {
    await lockBankBooking(tx, ctx.tenantId);
    const [entry] = await tx.select().from(bankStatementEntries).where(and(bankEntryScope(ctx), eq(bankStatementEntries.id, input.id))).for('update');
    if (!entry) throw new NotFoundError('Bank statement entry');
    const chosen = [input.invoiceId !== undefined, input.apartmentId !== undefined, input.ignore === true].filter(Boolean).length;
    if (chosen !== 1) throw new ValidationError([{ path: '', message: 'give exactly one of invoiceId, apartmentId or ignore: true' }]);

    let target: { apartmentId: string; invoiceId: string | null; currency: string } | undefined;
    if (input.invoiceId !== undefined) {
      const [invoice] = await tx.select({ apartmentId: invoices.apartmentId, id: invoices.id, currency: invoices.currency, status: invoices.status }).from(invoices).where(and(invoiceScope(ctx), eq(invoices.id, input.invoiceId)));
      if (!invoice) throw new NotFoundError('Invoice');
      if (invoice.status === 'draft' || invoice.status === 'void') throw new ValidationError([fieldIssue.own('invoiceId', 'invoiceNotOpen', `the invoice is ${invoice.status}`)]);
      target = { apartmentId: invoice.apartmentId, invoiceId: invoice.id, currency: invoice.currency };
    } else if (input.apartmentId !== undefined) {
      const [apartment] = await tx
        .select({ id: apartments.id, currency: buildings.currency })
        .from(apartments)
        .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
        .where(and(apartmentScope(ctx), eq(apartments.id, input.apartmentId)));
      if (!apartment) throw new NotFoundError('Apartment');
      target = { apartmentId: apartment.id, invoiceId: null, currency: apartment.currency };
    }
    if (entry.status !== 'unmatched') throw new ConflictError(`The entry is already ${entry.status}`, 'entryAlreadyHandled');
    if (target && target.currency !== entry.currency) throw new ValidationError([
        fieldIssue.own(input.invoiceId ? 'invoiceId' : 'apartmentId', 'currencyMismatch', `the entry is in ${entry.currency}, the apartment bills in ${target.currency}`, { entry: entry.currency, target: target.currency }),
      ]);

    let paymentIds: string[] = [];
    if (target) {
      const booked = await bookBankEntry({ ctx, tx, entry, apartmentId: target.apartmentId, invoiceId: target.invoiceId, matchedBy: 'manual' });
      paymentIds = booked.payments.map((p) => p.id);
    } else {
      await tx.update(bankStatementEntries).set({ status: 'ignored', matchedBy: 'manual', matchedAt: ctx.now }).where(and(bankEntryScope(ctx), eq(bankStatementEntries.id, entry.id)));
    }
    const [after] = await tx.select().from(bankStatementEntries).where(and(bankEntryScope(ctx), eq(bankStatementEntries.id, entry.id)));
    const [view] = await bankEntryViews(tx, [after!]);
    await writeAudit(tx, ctx, { action: 'bank-entry.match', entityId: entry.id, before: { status: entry.status }, after: { status: after!.status, apartmentId: after!.apartmentId, invoiceId: target?.invoiceId ?? null, amount: fromUnits(entry.amount, 2) } });
    return { entry: view!, payments: await paymentViewsOf(tx, ctx.tenantId, paymentIds) };
  });
}
