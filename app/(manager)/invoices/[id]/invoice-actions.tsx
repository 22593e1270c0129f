'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CircleAlertIcon, MailIcon, SendIcon, WalletIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { asSentence, describeError, fieldErrors } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { INVOICE_TRANSITIONS } from '@/server/domain/invoice-status';
import { ConfirmDialog } from '../../residents/confirm-dialog';
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
    setDialog(null);
    onDone(notice);
  }

  function move(input: { status: InvoiceStatus; paidDate?: string }, notice: string) {
    if (update.isPending) return;
    update.mutate({ id: invoice.id, ...input }, { onSuccess: ({ data }) => changed(data, notice) });
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
        error={error}
        onSubmit={(paidDate) => move({ status: 'paid', paidDate }, `Invoice ${invoice.number} is marked paid.`)}
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
      <Dialog open={dialog === 'sent'} onOpenChange={(next) => !update.isPending && setDialog(next ? 'sent' : null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Mark {invoice.number} as sent?</DialogTitle>
            <DialogDescription>
              For an invoice you delivered another way (on paper, say). Nothing is emailed; the resident portal shows it from now on and it can be paid.
            </DialogDescription>
          </DialogHeader>
          {error && (
            <Alert variant="destructive" role="alert">
              <CircleAlertIcon aria-hidden="true" />
              <p>The invoice could not be changed. {error}</p>
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" size="lg" className="sm:h-10 sm:px-4 sm:text-sm">
                Cancel
              </Button>
            </DialogClose>
            <Button
              size="lg"
              aria-disabled={update.isPending}
              className="aria-disabled:opacity-60 sm:h-10 sm:px-4 sm:text-sm"
              onClick={() => move({ status: 'sent' }, `Invoice ${invoice.number} is marked sent.`)}
            >
              {update.isPending ? 'Saving…' : 'Mark as sent'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
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

function MarkPaidDialog({
  open,
  onOpenChange,
  invoice,
  pending,
  error,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  invoice: Invoice;
  pending: boolean;
  error: string | null;
  onSubmit: (paidDate: string) => void;
}) {
  const today = todayInTallinn();
  const [paidDate, setPaidDate] = useState(today);
  const [fieldError, setFieldError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(paidDate)) return setFieldError('Enter the date the payment arrived.');
    if (paidDate > today) return setFieldError('The payment date cannot be in the future.');
    setFieldError(undefined);
    onSubmit(paidDate);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        if (next) {
          setPaidDate(today);
          setFieldError(undefined);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark {invoice.number} paid</DialogTitle>
          <DialogDescription>
            Records a payment of {formatMoney(invoice.amount - invoice.amountPaid, invoice.currency)}, the open balance, received on the date below.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5">
          {error && !pending && (
            <Alert variant="destructive" role="alert">
              <CircleAlertIcon aria-hidden="true" />
              <p>The invoice could not be marked paid. {error}</p>
            </Alert>
          )}
          <FormField label="Paid on" error={fieldError}>
            <Input type="date" value={paidDate} max={today} onChange={(event) => setPaidDate(event.target.value)} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" size="lg" className="sm:h-10 sm:px-4 sm:text-sm">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" size="lg" aria-disabled={pending} className="aria-disabled:opacity-60 sm:h-10 sm:px-4 sm:text-sm">
              {pending ? 'Saving…' : 'Mark paid'}
            </Button>
          </DialogFooter>
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
        {send.isError && (
          <Alert variant="destructive" role="alert">
            <CircleAlertIcon aria-hidden="true" />
            <p>The invoice could not be queued for sending. {failureText(send.error)}</p>
          </Alert>
        )}
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
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" size="lg" className="sm:h-10 sm:px-4 sm:text-sm">
              {failed ? 'Close' : 'Cancel'}
            </Button>
          </DialogClose>
          {!failed && (
            <Button
              size="lg"
              aria-disabled={working}
              className="aria-disabled:opacity-60 sm:h-10 sm:px-4 sm:text-sm"
              onClick={() => {
                if (working) return;
                send.mutate({ invoiceIds: [invoice.id] }, { onSuccess: ({ data }) => (data.queued > 0 ? setJobId(data.jobId) : onSent()) });
              }}
            >
              {working ? 'Sending…' : 'Send by email'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
