'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BanIcon, MailIcon, SendIcon, WalletIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useErrorWords } from '@/lib/error-text';
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
  const t = useTranslations('Invoice');
  const locale = useLocale();
  const words = useErrorWords();
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
    return <p className="text-sm text-muted-foreground sm:max-w-56">{invoice.status === 'paid' ? t('paidFinal') : t('voidFinal')}</p>;
  }

  const error = update.isError ? failureText(update.error, t, words) : null;
  return (
    <>
      {allowed.has('sent') && (
        <>
          <Button className={BUTTON} onClick={(e) => open('email', e.currentTarget)}>
            <MailIcon aria-hidden="true" />
            {t('sendByEmail')}
          </Button>
          <Button variant="outline" className={BUTTON} onClick={(e) => open('sent', e.currentTarget)}>
            <SendIcon aria-hidden="true" />
            {t('markSent')}
          </Button>
        </>
      )}
      {allowed.has('paid') && (
        <Button className={BUTTON} onClick={(e) => open('paid', e.currentTarget)}>
          <WalletIcon aria-hidden="true" />
          {t('markPaid')}
        </Button>
      )}
      {allowed.has('void') && (
        <Button variant="outline" className={`${BUTTON} text-destructive hover:text-destructive`} onClick={(e) => open('void', e.currentTarget)}>
          <BanIcon aria-hidden="true" />
          {t('void')}
        </Button>
      )}

      <MarkPaidDialog
        open={dialog === 'paid'}
        onOpenChange={(next) => setDialog(next ? 'paid' : null)}
        invoice={invoice}
        pending={update.isPending}
        onSubmit={(paidDate, amount, fail) => move({ status: 'paid', paidDate, amount }, paidNotice(invoice, amount, t, locale), fail)}
      />
      <ConfirmDialog
        open={dialog === 'void'}
        onOpenChange={(next) => setDialog(next ? 'void' : null)}
        title={t('voidDialog.title', { number: invoice.number })}
        description={t('voidDialog.description')}
        keepLabel={t('voidDialog.keep')}
        confirmLabel={t('voidDialog.confirm')}
        pendingLabel={t('voidDialog.pending')}
        pending={update.isPending}
        error={error}
        onConfirm={() => move({ status: 'void' }, t('notices.void', { number: invoice.number }))}
        returnFocus={() => trigger.current}
      />
      <ConfirmDialog
        open={dialog === 'sent'}
        onOpenChange={(next) => setDialog(next ? 'sent' : null)}
        title={t('sentDialog.title', { number: invoice.number })}
        description={t('sentDialog.description')}
        keepLabel={t('cancel')}
        confirmLabel={t('markSent')}
        pendingLabel={t('saving')}
        destructive={false}
        pending={update.isPending}
        error={error && t('sentDialog.failed', { reason: error })}
        onConfirm={() => move({ status: 'sent' }, t('notices.sent', { number: invoice.number }))}
      />
      {dialog === 'email' && (
        <EmailInvoiceDialog
          invoice={invoice}
          onClose={() => setDialog(null)}
          onSent={() => {
            void queryClient.invalidateQueries(trpc.invoices.pathFilter());
            setDialog(null);
            onDone(t('notices.emailed', { number: invoice.number }));
          }}
        />
      )}
    </>
  );
}
