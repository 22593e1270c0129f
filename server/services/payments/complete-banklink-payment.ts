import { and, between, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { invoices, payments } from "@/db/schema";
import {
  DATETIME_WINDOW_MS,
  type IpizzaFields,
  MAC_FIELDS,
  parseAmount,
  parseDatetime,
  verifyFields,
} from "@/server/banklink/ipizza";
import { type Bank, providerOf } from "@/server/banklink/providers";
import { idRangeOf } from "@/server/banklink/stamp";
import { logger } from "@/server/logger";
import { writeAudit } from "../audit/write-audit";
import type { ServiceContext } from "../context";
import { BadRequestError, NotFoundError, ValidationError } from "../errors";
import { tenantToday } from "../invoices/invoice-view";
import { bookPayment } from "./book-payment";

export type BanklinkOutcome = {
  paymentId: string;
  invoiceId: string | null;
  status: "pending" | "completed" | "failed";
  amount: number;
};


/**
 * A bank's answer about a banklink payment (iPizza 1111 paid, 1911 cancelled), from the bank's server
 * (VK_AUTO=Y) or the payer's browser (VK_AUTO=N). The MAC is checked with the bank's key, VK_REC_ID must
 * be our merchant id and VK_STAMP one of our banklink payments. 1111 books the amount actually paid (at
 * most the amount asked) through bookPayment, the code every payment goes through; it is
 * idempotent: the same bank transaction (VK_T_NO) is booked once, whether it arrives twice, from the
 * server and the browser, or at the same time (a transaction-scoped advisory lock on bank and VK_T_NO,
 * and the payment row locked). 1911 marks a pending payment failed; a completed one stays completed.
 */
export async function completeBanklinkPayment({
  db,
  now,
  requestId,
  input,
}: {
  db: Db;
  now: Date;
  requestId: string;
  input: { bank: Bank; fields: IpizzaFields };
}): Promise<BanklinkOutcome> {
  const { bank, fields } = input;
  const provider = providerOf(bank);
  if (!provider) throw new NotFoundError("Bank");
  const service = fields.VK_SERVICE;
  if (service !== "1111" && service !== "1911")
    throw new BadRequestError("VK_SERVICE must be 1111 or 1911");
  const missing = [...MAC_FIELDS[service], "VK_MAC"].filter(
    (name) => fields[name] === undefined,
  );
  if (missing.length)
    throw new BadRequestError(`Missing ${missing.join(", ")}`);
  if (!verifyFields(fields, provider.bankKey, provider.algorithm)) {
    logger.warn("banklink answer with a bad signature", {
      requestId,
      bank,
      service,
    });
    throw new ValidationError([
      {
        path: "VK_MAC",
        message: "is not the bank's signature of these fields",
      },
    ]);
  }
  if (fields.VK_VERSION !== "008")
    throw new ValidationError([{ path: "VK_VERSION", message: "must be 008" }]);
  if (fields.VK_REC_ID !== provider.merchantId)
    throw new ValidationError([
      { path: "VK_REC_ID", message: "is not our merchant id at this bank" },
    ]);
  const ids = idRangeOf(fields.VK_STAMP!);
  if (!ids) throw new NotFoundError("Payment");

  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(between(payments.id, ids[0], ids[1]), eq(payments.method, "banklink")),
      )
      .for("update");
    if (!payment || !payment.invoiceId) throw new NotFoundError("Payment");
    const ctx: ServiceContext = {
      tenantId: payment.tenantId,
      userId: null,
      role: "manager",
      now,
      requestId,
      db,
    };
    const outcome = (p: typeof payment): BanklinkOutcome => ({
      paymentId: p.id,
      invoiceId: p.invoiceId,
      status: p.status,
      amount: p.amount / 100,
    });

    if (service === "1911") {
      if (payment.status !== "pending") return outcome(payment);
      const [failed] = await tx
        .update(payments)
        .set({ status: "failed" })
        .where(
          and(eq(payments.tenantId, ctx.tenantId), eq(payments.id, payment.id)),
        )
        .returning();
      await writeAudit(tx, ctx, {
        action: "payment.banklink_cancel",
        entityId: payment.id,
        after: { bank, status: "failed" },
      });
      return outcome(failed!);
    }

    const transactionNo = fields.VK_T_NO!;
    if (!/^[\w-]{1,40}$/.test(transactionNo))
      throw new ValidationError([
        { path: "VK_T_NO", message: "is not a bank transaction number" },
      ]);
    const externalId = `${bank}:${transactionNo}`;
    // One bank transaction, one booking: concurrent answers of the same transaction wait here.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`banklink:${externalId}`}))`,
    );
    const [booked] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.tenantId, payment.tenantId),
          eq(payments.method, "banklink"),
          eq(payments.externalId, externalId),
        ),
      );
    if (booked) return outcome(booked);
    if (payment.status === "completed") {
      // Another transaction for a payment already booked: the bank paid twice; it is not booked again.
      logger.warn("banklink payment already completed by another transaction", {
        requestId,
        bank,
        paymentId: payment.id,
      });
      return outcome(payment);
    }

    const amount = parseAmount(fields.VK_AMOUNT);
    if (amount === null || amount > payment.amount)
      throw new ValidationError([
        {
          path: "VK_AMOUNT",
          message: `must be a positive amount of at most the ${(payment.amount / 100).toFixed(2)} asked`,
        },
      ]);
    if (fields.VK_CURR !== payment.currency)
      throw new ValidationError([
        { path: "VK_CURR", message: `must be ${payment.currency}` },
      ]);
    const paidAt = parseDatetime(fields.VK_T_DATETIME) ?? now;
    if (paidAt.getTime() > now.getTime() + DATETIME_WINDOW_MS)
      throw new ValidationError([
        { path: "VK_T_DATETIME", message: "is in the future" },
      ]);

    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.tenantId, payment.tenantId),
          eq(invoices.id, payment.invoiceId),
        ),
      )
      .for("update");
    if (!invoice) throw new NotFoundError("Invoice");
    if (fields.VK_REF && fields.VK_REF !== invoice.referenceNumber)
      throw new ValidationError([
        { path: "VK_REF", message: "is not the invoice's reference number" },
      ]);

    const result = await bookPayment({
      ctx,
      tx,
      input: {
        apartmentId: invoice.apartmentId,
        invoice,
        amount,
        currency: invoice.currency,
        paidDate: await tenantToday(tx, payment.tenantId, paidAt),
        paidAt,
        method: "banklink",
        payerName: fields.VK_SND_NAME?.trim().slice(0, 200) || null,
        externalId,
        pendingPaymentId: payment.id,
      },
    });
    await writeAudit(tx, ctx, {
      action: "payment.banklink_complete",
      entityId: payment.id,
      after: {
        bank,
        transactionNo,
        amount: amount / 100,
        settled: result.settled,
      },
    });
    return {
      paymentId: payment.id,
      invoiceId: invoice.id,
      status: "completed",
      amount: amount / 100,
    };
  });
}
