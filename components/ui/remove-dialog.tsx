'use client';

import { useEffect, useRef } from 'react';
import { describeError, errorCode } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

export type RemoveDialogProps = Omit<ConfirmDialogProps, 'pending' | 'error' | 'onConfirm' | 'returnFocus'> & {
  /** The removal's mutation (what useMutation gives); reset when the dialog closes, so each opening starts afresh. */
  removal: { isPending: boolean; isError: boolean; error: unknown; reset: () => void };
  /** Sends the removal with these callbacks, e.g. `(callbacks) => remove.mutate({ id }, callbacks)`. */
  send: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  /** The outcome: "Apartment 3 has been deleted.", and when it was gone already: "… had already been deleted." */
  removedMessage: string;
  alreadyRemovedMessage: string;
  /** The start of the message shown in the dialog when it fails: "The apartment could not be deleted." */
  failure: string;
  onRemoved: (message: string) => void;
  /** Where the focus goes when the dialog is cancelled: the button that opened it. */
  returnFocus: () => HTMLElement | null;
  /** Where it goes once the thing (and the button that opened the dialog) is gone: the outcome. */
  focusAfterRemoved: () => HTMLElement | null;
};

/**
 * A removal (delete, revoke) asked once more. Gone already (another tab, the REST API) counts as done: the
 * outcome is the one asked for.
 */
export function RemoveDialog({
  open,
  removal,
  send,
  removedMessage,
  alreadyRemovedMessage,
  failure,
  onRemoved,
  returnFocus,
  focusAfterRemoved,
  ...confirm
}: RemoveDialogProps) {
  const words = useErrorWords();
  const removed = useRef(false);
  const { reset } = removal;
  useEffect(() => {
    if (open) removed.current = false;
    else reset();
  }, [open, reset]);

  function onConfirm() {
    if (removal.isPending) return;
    const done = (message: string) => {
      removed.current = true;
      onRemoved(message);
    };
    send({
      onSuccess: () => done(removedMessage),
      onError: (error) => {
        if (errorCode(error) === 'NOT_FOUND') done(alreadyRemovedMessage);
      },
    });
  }

  return (
    <ConfirmDialog
      {...confirm}
      open={open}
      pending={removal.isPending}
      error={removal.isError && errorCode(removal.error) !== 'NOT_FOUND' ? `${failure} ${describeError(removal.error, words)}` : null}
      onConfirm={onConfirm}
      returnFocus={() => (removed.current ? focusAfterRemoved() : returnFocus())}
    />
  );
}
