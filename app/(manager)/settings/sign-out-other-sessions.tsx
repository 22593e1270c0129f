'use client';

import { useMutation } from '@tanstack/react-query';
import { CircleCheckIcon, LogOutIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { useTRPC } from '@/lib/trpc/react';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';

/** Ends every other browser session and API session of the user after a confirmation. */
export function SignOutOtherSessions() {
  const words = useErrorWords();
  const t = useTranslations('Settings');
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);

  const mutation = useMutation(
    trpc.account.signOutOtherSessions.mutationOptions({
      onSuccess: () => {
        setDone(true);
        setOpen(false);
      },
    }),
  );

  return (
    <div className="grid gap-4">
      {done && (
        <Alert variant="success" role="status">
          <CircleCheckIcon aria-hidden="true" />
          <p>{t('sessions.done')}</p>
        </Alert>
      )}

      <Dialog
        open={open}
        onOpenChange={(next) => {
          // The request runs to its end; closing meanwhile would hide its outcome.
          if (mutation.isPending) return;
          if (next) {
            mutation.reset();
            setDone(false);
          }
          setOpen(next);
        }}
      >
        <div>
          <DialogTrigger asChild>
            <Button variant="outline" className="w-full sm:w-auto">
              <LogOutIcon aria-hidden="true" />
              {t('sessions.signOut')}
            </Button>
          </DialogTrigger>
        </div>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('sessions.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('sessions.confirmText')}</DialogDescription>
          </DialogHeader>
          {mutation.isError && <ErrorAlert>{t('sessions.failed', { reason: describeError(mutation.error, words) })}</ErrorAlert>}
          <DialogActions
            label={t('sessions.signOut')}
            pendingLabel={t('sessions.signingOut')}
            pending={mutation.isPending}
            onAction={() => mutation.mutate()}
            compact
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}
