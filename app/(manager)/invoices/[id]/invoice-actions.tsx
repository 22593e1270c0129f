'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CircleAlertIcon, MailIcon, SendIcon, WalletIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { asSentence, describeError, fieldErrors, formFailure } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { INVOICE_TRANSITIONS } from '@/server/domain/invoice-status';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { parseDecimal } from '../../buildings/format';
import { formatMoney, todayInTallinn } from '../format';
import type { Invoice, InvoiceStatus } from '../types';
import { jobFinished, useJob } from '../use-job';

const BUTTON = 'flex-1 sm:flex-none';

/** The API's reason for refusing a change ("Status cannot change from paid to void."), else a general one. */
function failureText(error: unknown): string {
  const fields = fieldErrors(error);
  if (fields.length) return fields.map((f) => asSentence(`${f.path === 'paidDate' ? 'The payment date' : f.path} ${f.message}`)).join(' ');
  return describeError(error);
}

/** "Invoice … is marked paid." and, for an overpayment, what became the apartment's credit. */
function paidNotice(invoice: Invoice, amount: number | undefined): string {
  const excess = amount === undefined ? 0 : Math.round(amount * 100) - Math.round((invoice.amount - invoice.amountPaid) * 100);
  if (excess <= 0) return `Invoice ${invoice.number} is marked paid.`;
  return `Invoice ${invoice.number} is marked paid. ${formatMoney(excess / 100, invoice.currency)} above the open balance is now the apartment’s credit.`;
}

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
        <EmailDialog
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

const PAID_FIELDS = ['amount', 'paidDate'] as const;
type PaidField = (typeof PAID_FIELDS)[number];

/** Money typed by a person ("51,20", "51.2") → cents; empty → null; anything else → 'invalid'. */
function parseCents(text: string): number | null | 'invalid' {
  const amount = parseDecimal(text);
  if (amount === null || amount === 'invalid') return amount;
  if (!/^-?\d*([.,]\d{0,2})?$/.test(text.trim().replace(/\s/g, ''))) return 'invalid';
  return Math.round(amount * 100);
}

function MarkPaidDialog({
  open,
  onOpenChange,
  invoice,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  invoice: Invoice;
  pending: boolean;
  /** Called with the checked input; call `fail(error)` when the server refuses it. */
  onSubmit: (paidDate: string, amount: number | undefined, fail: (error: unknown) => void) => void;
}) {
  const today = todayInTallinn();
  const openCents = Math.round((invoice.amount - invoice.amountPaid) * 100);
  const defaultAmount = (openCents / 100).toFixed(2);
  const money = (cents: number) => formatMoney(cents / 100, invoice.currency);
  const [paidDate, setPaidDate] = useState(today);
  const [amount, setAmount] = useState(defaultAmount);
  const { errors, formError, fail, clear, clearError, ref } = useFieldErrors(PAID_FIELDS);

  // The server's answer: its 422 errors at the fields, anything else above the form.
  function refused(error: unknown) {
    const failure = formFailure(error, 'The invoice could not be marked paid.', PAID_FIELDS, ' ');
    fail(failure.errors, failure.formError);
  }

  const cents = parseCents(amount);
  const excess = typeof cents === 'number' ? cents - openCents : 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found: Partial<Record<PaidField, string>> = {};
    if (cents === 'invalid') found.amount = 'Enter the amount received, e.g. 41.20, with at most 2 decimals.';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(paidDate)) found.paidDate = 'Enter the date the payment arrived.';
    else if (paidDate > today) found.paidDate = 'The payment date cannot be in the future.';
    if (Object.keys(found).length) return fail(found);
    clear();
    // Empty means the open balance, which is also what the server records without an amount.
    onSubmit(paidDate, cents === null || cents === 'invalid' ? undefined : cents / 100, refused);
  }

  const hint =
    excess > 0
      ? `${money(excess)} more than the open balance becomes the apartment’s credit, taken off its next invoices.`
      : `The open balance is ${money(openCents)}. Anything received above it becomes the apartment’s credit.`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        if (next) {
          setPaidDate(today);
          setAmount(defaultAmount);
          clear();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark {invoice.number} paid</DialogTitle>
          <DialogDescription>Records a payment received by hand or by bank transfer, on the date below.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5">
          {formError && !pending && (
            <Notice ref={ref('form')} tone="destructive">
              {formError}
            </Notice>
          )}
          <FormField label="Amount received" description={hint} error={errors.amount}>
            <Input
              ref={ref('amount')}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              maxLength={16}
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                clearError('amount');
              }}
            />
          </FormField>
          <FormField label="Paid on" error={errors.paidDate}>
            <Input
              ref={ref('paidDate')}
              type="date"
              value={paidDate}
              max={today}
              onChange={(event) => {
                setPaidDate(event.target.value);
                clearError('paidDate');
              }}
            />
          </FormField>
          <DialogActions label="Mark paid" pendingLabel="Saving…" pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Emails the one draft through the sending job and waits for it. */
function EmailDialog({ invoice, onClose, onSent }: { invoice: Invoice; onClose: () => void; onSent: () => void }) {
  const trpc = useTRPC();
  const send = useMutation(trpc.invoices.sendBulk.mutationOptions());
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const progress = job.data?.data;
  const finished = jobFinished(progress?.status);
  const failed = finished && (progress?.failed ?? 0) > 0;
  const reported = useRef(false);

  useEffect(() => {
    if (!finished || failed || reported.current) return;
    reported.current = true;
    onSent();
  }, [finished, failed, onSent]);

  const working = send.isPending || (jobId !== null && !finished);
  return (
    <Dialog open onOpenChange={(next) => !next && !send.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Email {invoice.number}?</DialogTitle>
          <DialogDescription>The residents of the apartment get it by email with the PDF attached, and it becomes sent.</DialogDescription>
        </DialogHeader>
        {invoice.needsReview && !jobId && (
          <Alert variant="info" role="note">
            <CircleAlertIcon aria-hidden="true" />
            <p>This invoice is flagged for review: {invoice.needsReview}</p>
          </Alert>
        )}
        {send.isError && <ErrorAlert>The invoice could not be queued for sending. {failureText(send.error)}</ErrorAlert>}
        {working && jobId && (
          <p role="status" className="text-sm text-muted-foreground">
            Sending…
          </p>
        )}
        {failed && (
          <Alert variant="destructive" role="alert">
            <CircleAlertIcon aria-hidden="true" />
            <p>
              It could not be sent: usually the apartment has no residents with an email address yet. Invite them, or mark the invoice as sent if you
              deliver it another way.
            </p>
          </Alert>
        )}
        <DialogActions
          cancelLabel={failed ? 'Close' : 'Cancel'}
          label={failed ? undefined : 'Send by email'}
          pendingLabel="Sending…"
          pending={working}
          onAction={() => send.mutate({ invoiceIds: [invoice.id] }, { onSuccess: ({ data }) => (data.queued > 0 ? setJobId(data.jobId) : onSent()) })}
        />
      </DialogContent>
    </Dialog>
  );
}
