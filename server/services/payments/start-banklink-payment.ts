import { and, eq } from 'drizzle-orm';
import { invoices, payments } from '@/db/schema';
import { formatAmount, formatDatetime, type IpizzaFields, signFields } from '@/server/banklink/ipizza';
import { type Bank, providerOf } from '@/server/banklink/providers';
import { stampOf } from '@/server/banklink/stamp';
import { isValidReferenceNumber } from '@/server/domain/reference-number';
import { env } from '@/server/env';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';
import { type FieldError, NotFoundError, ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';
import { invoiceScope } from '../scopes';

export type StartBanklinkPaymentInput = { invoiceId: string; bank: Bank; returnUrl?: string };
export type BanklinkRedirect = { paymentId: string; redirect: { url: string; method: 'POST'; fields: IpizzaFields } };

/** Where a bank sends its answers about a payment (VK_RETURN and VK_CANCEL); `returnUrl` rides along in the query. */
export function banklinkCallbackUrl(bank: Bank, returnUrl?: string): string {
  const url = new URL(`/api/payments/banklink/callback/${bank}`, env.APP_URL);
  if (returnUrl) url.searchParams.set('returnUrl', returnUrl);
  return url.toString();
}

/** `returnUrl` resolved against APP_URL when it is on APP_URL's origin, else null. */
export function ownOriginUrl(returnUrl: string): string | null {
  try {
    const url = new URL(returnUrl, env.APP_URL);
    return url.origin === new URL(env.APP_URL).origin ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Starts paying an open invoice (sent, with an open balance) by banklink: a pending payment of the open
 * balance and the signed iPizza 1012 request the browser posts to the bank. Residents pay their own
 * apartments' invoices (another one is 404, as everywhere), managers any of the tenant's. VK_STAMP is the
 * payment's id in 20 characters; the bank answers at /api/payments/banklink/callback/<bank>.
 */
export async function startBanklinkPayment({ ctx, input }: { ctx: ServiceContext; input: StartBanklinkPaymentInput }): Promise<BanklinkRedirect> {
  return ctx.db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(and(invoiceScope(ctx), eq(invoices.id, input.invoiceId))).for('update');
    if (!invoice) throw new NotFoundError('Invoice');

    const errors: FieldError[] = [];
    const provider = providerOf(input.bank);
    if (!provider) errors.push(fieldIssue.own('bank', 'bankNotConfigured', `${input.bank} is not configured on this server`));
    let returnUrl: string | undefined;
    if (input.returnUrl !== undefined) {
      returnUrl = ownOriginUrl(input.returnUrl) ?? undefined;
      if (!returnUrl) errors.push({ path: 'returnUrl', message: `must be on this service's origin (${new URL(env.APP_URL).origin})` });
    }
    const open = invoice.amount - invoice.amountPaid;
    if (invoice.status !== 'sent') errors.push(fieldIssue.own('invoiceId', 'invoiceNotOpen', `the invoice is ${invoice.status}; only a sent invoice can be paid`));
    else if (open <= 0) errors.push(fieldIssue.own('invoiceId', 'invoiceNotOpen', 'the invoice has no open balance'));
    if (!isValidReferenceNumber(invoice.referenceNumber)) errors.push({ path: 'invoiceId', message: 'the invoice has no valid reference number' });
    const callbackUrl = banklinkCallbackUrl(input.bank, returnUrl);
    if (callbackUrl.length > 255) errors.push({ path: 'returnUrl', message: 'is too long for the bank (VK_RETURN holds 255 characters)' });
    if (errors.length) throw new ValidationError(errors);

    const [payment] = await tx
      .insert(payments)
      .values({ tenantId: ctx.tenantId, invoiceId: invoice.id, apartmentId: invoice.apartmentId, amount: open, currency: invoice.currency, method: 'banklink', status: 'pending', createdAt: ctx.now })
      .returning({ id: payments.id });
    const fields: IpizzaFields = {
      VK_SERVICE: '1012',
      VK_VERSION: '008',
      VK_SND_ID: provider!.merchantId,
      // At most 20 characters: the payment's id, shortened (server/banklink/stamp.ts).
      VK_STAMP: stampOf(payment!.id),
      VK_AMOUNT: formatAmount(open),
      VK_CURR: invoice.currency,
      VK_REF: invoice.referenceNumber,
      VK_MSG: `Arve ${invoice.number}`.slice(0, 95),
      VK_RETURN: callbackUrl,
      VK_CANCEL: callbackUrl,
      VK_DATETIME: formatDatetime(ctx.now),
      VK_ENCODING: 'UTF-8',
      VK_LANG: 'EST',
    };
    fields.VK_MAC = signFields(fields, provider!.privateKey, provider!.algorithm);
    await writeAudit(tx, ctx, { action: 'payment.banklink_start', entityId: payment!.id, after: { invoiceId: invoice.id, bank: input.bank, amount: open / 100 } });
    return { paymentId: payment!.id, redirect: { url: provider!.url, method: 'POST' as const, fields } };
  });
}
