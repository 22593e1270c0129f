'use client';

import { useMutation } from '@tanstack/react-query';
import { CircleAlertIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, ErrorAlert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { useTRPC } from '@/lib/trpc/react';
import type { Invoice } from '../types';
import { jobFinished, useJob } from '../use-job';
import { failureText } from './mark-paid';

/** Emails the one draft through the sending job and waits for it. */
export function EmailInvoiceDialog({ invoice, onClose, onSent }: { invoice: Invoice; onClose: () => void; onSent: () => void }) {
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
