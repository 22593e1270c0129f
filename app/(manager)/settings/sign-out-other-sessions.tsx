'use client';

import { useMutation } from '@tanstack/react-query';
import { CircleCheckIcon, LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { useTRPC } from '@/lib/trpc/react';
import { describeError } from '@/lib/trpc/errors';

/** Ends every other browser session and API session of the user after a confirmation. */
export function SignOutOtherSessions() {
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
          <p>Your other sessions have been signed out. You stay signed in here.</p>
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
              Sign out other sessions
            </Button>
          </DialogTrigger>
        </div>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Sign out other sessions?</DialogTitle>
            <DialogDescription>
              Every other browser and device signed in as you is signed out, and apps that signed in with your
              password lose access. You stay signed in here. API keys keep working.
            </DialogDescription>
          </DialogHeader>
          {mutation.isError && <ErrorAlert>The other sessions could not be signed out. {describeError(mutation.error)}</ErrorAlert>}
          <DialogActions
            label="Sign out other sessions"
            pendingLabel="Signing out…"
            pending={mutation.isPending}
            onAction={() => mutation.mutate()}
            compact
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}
