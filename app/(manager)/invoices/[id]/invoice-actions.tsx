'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BanIcon, MailIcon, SendIcon, WalletIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useTRPC } from '@/lib/trpc/react';
import { INVOICE_TRANSITIONS } from '@/server/domain/invoice-status';
import type { Invoice, InvoiceStatus } from '../types';
import { EmailInvoiceDialog } from './email-invoice-dialog';
import { MarkPaidDialog } from './mark-paid-dialog';
import { failureText, paidNotice } from './mark-paid';

const BUTTON = 'flex-1 sm:flex-none';

/**
 * The status changes the invoice allows, and only those: draft → sent (by email or marked by hand),
 * sent → paid, draft|sent → void. Paid and void invoices are final.
 */
export function InvoiceActions({ invoice, onDone }: { invoice: Invoice; onDone: (notice: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.invoices.update.mutationOptions());
  const allowed = new Set<InvoiceStatus>(INVOICE_TRANSITIONS[invoice.status]);
  const [dialog, setDialog] = useState<'paid' | 'void' | 'sent' | 'email' | null>(null);
  const trigger = useRef<HTMLElement | null>(null);

  function changed(next: Invoice, notice: string) {
    queryClient.setQueryData(trpc.invoices.get.queryKey({ id: invoice.id }), { data: next });
    void queryClient.invalidateQueries(trpc.invoices.list.pathFilter());
    void queryClient.invalidateQueries(trpc.invoices.totals.pathFilter());
    void queryClient.invalidateQueries(trpc.payments.list.pathFilter());
    // Paying more than the open balance changes the apartment's credit.
    void queryClient.invalidateQueries(trpc.buildings.listApartments.pathFilter());
    setDialog(null);
    onDone(notice);
  }

  function move(input: { status: InvoiceStatus; paidDate?: string; amount?: number }, notice: string, onError?: (error: unknown) => void) {
    if (update.isPending) return;
    update.mutate({ id: invoice.id, ...input }, { onSuccess: ({ data }) => changed(data, notice), onError });
  }

  function open(which: NonNullable<typeof dialog>, button: HTMLElement) {
    trigger.current = button;
    update.reset();
    setDialog(which);
  }

  if (allowed.size === 0) {
    return <p className="text-sm text-muted-foreground sm:max-w-56">{invoice.status === 'paid' ? 'Paid invoices are final.' : 'Void invoices are final.'}</p>;
  }

  const error = update.isError ? failureText(update.error) : null;
  return (
    <>
      {allowed.has('sent') && (
        <>
          <Button className={BUTTON} onClick={(e) => open('email', e.currentTarget)}>
            <MailIcon aria-hidden="true" />
            Send by email
          </Button>
          <Button variant="outline" className={BUTTON} onClick={(e) => open('sent', e.currentTarget)}>
            <SendIcon aria-hidden="true" />
            Mark as sent
          </Button>
        </>
      )}
      {allowed.has('paid') && (
        <Button className={BUTTON} onClick={(e) => open('paid', e.currentTarget)}>
          <WalletIcon aria-hidden="true" />
          Mark paid
        </Button>
      )}
      {allowed.has('void') && (
        <Button variant="outline" className={`${BUTTON} text-destructive hover:text-destructive`} onClick={(e) => open('void', e.currentTarget)}>
          <BanIcon aria-hidden="true" />
          Void
        </Button>
      )}

      <MarkPaidDialog
        open={dialog === 'paid'}
        onOpenChange={(next) => setDialog(next ? 'paid' : null)}
        invoice={invoice}
        pending={update.isPending}
        onSubmit={(paidDate, amount, fail) => move({ status: 'paid', paidDate, amount }, paidNotice(invoice, amount), fail)}
      />
      <ConfirmDialog
        open={dialog === 'void'}
        onOpenChange={(next) => setDialog(next ? 'void' : null)}
        title={`Void invoice ${invoice.number}?`}
        description="A void invoice is no longer owed and cannot be reopened. Its number stays used, and the apartment is not invoiced again for this period."
        keepLabel="Keep invoice"
        confirmLabel="Void invoice"
        pendingLabel="Voiding…"
        pending={update.isPending}
        error={error}
        onConfirm={() => move({ status: 'void' }, `Invoice ${invoice.number} is void.`)}
        returnFocus={() => trigger.current}
      />
      <ConfirmDialog
        open={dialog === 'sent'}
        onOpenChange={(next) => setDialog(next ? 'sent' : null)}
        title={`Mark ${invoice.number} as sent?`}
        description="For an invoice you delivered another way (on paper, say). Nothing is emailed; the resident portal shows it from now on and it can be paid."
        keepLabel="Cancel"
        confirmLabel="Mark as sent"
        pendingLabel="Saving…"
        destructive={false}
        pending={update.isPending}
        error={error && `The invoice could not be changed. ${error}`}
        onConfirm={() => move({ status: 'sent' }, `Invoice ${invoice.number} is marked sent.`)}
      />
      {dialog === 'email' && (
        <EmailInvoiceDialog
          invoice={invoice}
          onClose={() => setDialog(null)}
          onSent={() => {
            void queryClient.invalidateQueries(trpc.invoices.pathFilter());
            setDialog(null);
            onDone(`Invoice ${invoice.number} has been emailed to the apartment’s residents.`);
          }}
        />
      )}
    </>
  );
}
