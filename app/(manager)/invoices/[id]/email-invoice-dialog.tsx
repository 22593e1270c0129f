'use client';

import { useMutation } from '@tanstack/react-query';
import { CircleAlertIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useErrorWords } from '@/lib/error-text';
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
  const t = useTranslations('Invoice');
  const words = useErrorWords();
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
          <DialogTitle>{t('emailDialog.title', { number: invoice.number })}</DialogTitle>
          <DialogDescription>{t('emailDialog.description')}</DialogDescription>
        </DialogHeader>
        {invoice.needsReview && !jobId && (
          <Alert variant="info" role="note">
            <CircleAlertIcon aria-hidden="true" />
            <p>{t('emailDialog.flagged', { reason: invoice.needsReview })}</p>
          </Alert>
        )}
        {send.isError && <ErrorAlert>{t('emailDialog.notQueued', { reason: failureText(send.error, t, words) })}</ErrorAlert>}
        {working && jobId && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('emailDialog.sending')}
          </p>
        )}
        {failed && (
          <Alert variant="destructive" role="alert">
            <CircleAlertIcon aria-hidden="true" />
            <p>{t('emailDialog.failed')}</p>
          </Alert>
        )}
        <DialogActions
          cancelLabel={failed ? t('close') : t('cancel')}
          label={failed ? undefined : t('sendByEmail')}
          pendingLabel={t('emailDialog.sending')}
          pending={working}
          onAction={() => send.mutate({ invoiceIds: [invoice.id] }, { onSuccess: ({ data }) => (data.queued > 0 ? setJobId(data.jobId) : onSent()) })}
        />
      </DialogContent>
    </Dialog>
  );
}
