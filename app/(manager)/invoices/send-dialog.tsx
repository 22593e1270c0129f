'use client';

import { useMutation } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Alert, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { ProgressBar } from './progress-bar';
import { jobFinished, useJob } from './use-job';

export type SendOutcome = { sent: number; failed: number };

/**
 * Emails the chosen drafts to their apartments' residents (PDF attached) through a background job and
 * follows its progress. It cannot be dismissed while the request is on its way; once queued, closing it
 * leaves the job running.
 */
export function SendDialog({
  open,
  onOpenChange,
  invoiceIds,
  needingReview,
  onFinished,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  invoiceIds: string[];
  /** How many of them are flagged for review, as a last warning. */
  needingReview: number;
  onFinished: (outcome: SendOutcome) => void;
}) {
  const words = useErrorWords();
  const t = useTranslations('Invoices');
  const trpc = useTRPC();
  const send = useMutation(trpc.invoices.sendBulk.mutationOptions());
  const [jobId, setJobId] = useState<string | null>(null);
  const [queued, setQueued] = useState(0);
  const job = useJob(jobId);
  const progress = job.data?.data;
  const finished = (jobId !== null && jobFinished(progress?.status)) || (send.isSuccess && queued === 0);
  const reported = useRef(false);

  useEffect(() => {
    if (!finished || reported.current) return;
    reported.current = true;
    onFinished({ sent: progress?.done ?? 0, failed: progress?.failed ?? 0 });
  }, [finished, progress, onFinished]);

  function start() {
    if (send.isPending) return;
    send.mutate(
      { invoiceIds },
      {
        onSuccess: ({ data }) => {
          setQueued(data.queued);
          setJobId(data.queued > 0 ? data.jobId : null);
        },
      },
    );
  }

  function reset() {
    send.reset();
    setJobId(null);
    setQueued(0);
    reported.current = false;
  }

  const handled = (progress?.done ?? 0) + (progress?.failed ?? 0);
  const total = progress?.total ?? queued;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && send.isPending) return;
        if (next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('sendCount', { count: invoiceIds.length })}</DialogTitle>
          <DialogDescription>{t('sendDialog.description')}</DialogDescription>
        </DialogHeader>

        {!send.isSuccess && needingReview > 0 && (
          <Alert variant="info" role="note">
            <CircleAlertIcon aria-hidden="true" />
            <p>{t('sendDialog.flagged', { count: needingReview })}</p>
          </Alert>
        )}
        {send.isError && <ErrorAlert>{t('sendDialog.notQueued', { reason: describeError(send.error, words) })}</ErrorAlert>}

        {send.isSuccess && (
          <div className="grid gap-3" aria-live="polite">
            <ProgressBar
              label={t('sendDialog.progressLabel')}
              value={finished ? total : handled}
              max={Math.max(total, 1)}
              valueText={t('sendDialog.progressValue', { handled, total })}
            />
            {!finished ? (
              <p className="text-sm text-muted-foreground">{t('sendDialog.handling', { handled, total })}</p>
            ) : queued === 0 ? (
              <Alert variant="info" role="status">
                <CircleAlertIcon aria-hidden="true" />
                <p>{t('sendDialog.nothingToSend')}</p>
              </Alert>
            ) : (
              <Alert variant={progress?.failed ? 'destructive' : 'success'} role="status">
                {progress?.failed ? <CircleAlertIcon aria-hidden="true" /> : <CircleCheckIcon aria-hidden="true" />}
                <p>
                  {t('sendDialog.sent', { count: progress?.done ?? 0 })}
                  {progress?.failed ? ` ${t('sendDialog.failed', { count: progress.failed })}` : ''}
                </p>
              </Alert>
            )}
          </div>
        )}

        {send.isSuccess ? (
          <DialogFooter>
            <DialogClose asChild>
              <Button size="lg" className="sm:h-10 sm:px-4 sm:text-sm">
                {finished ? t('sendDialog.done') : t('sendDialog.close')}
              </Button>
            </DialogClose>
          </DialogFooter>
        ) : (
          <DialogActions label={t('sendCount', { count: invoiceIds.length })} pendingLabel={t('sendDialog.queuing')} pending={send.isPending} onAction={start} />
        )}
      </DialogContent>
    </Dialog>
  );
}
