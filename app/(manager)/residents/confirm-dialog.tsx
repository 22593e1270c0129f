'use client';

import { CircleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  keepLabel?: string;
  pending: boolean;
  /** Why the last attempt failed, shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  /** Where the focus goes when the dialog closes: the outcome after confirming, the trigger otherwise. */
  returnFocus: () => HTMLElement | null;
};

/** A destructive action asked once more; it cannot be dismissed while the action runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  keepLabel = 'Keep',
  pending,
  error,
  onConfirm,
  returnFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocus();
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {error && (
          <Alert variant="destructive" role="alert">
            <CircleAlertIcon aria-hidden="true" />
            <p>{error}</p>
          </Alert>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" size="lg" className="sm:h-10 sm:px-4 sm:text-sm">
              {keepLabel}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            size="lg"
            aria-disabled={pending}
            className="aria-disabled:opacity-60 sm:h-10 sm:px-4 sm:text-sm"
            onClick={() => {
              if (!pending) onConfirm();
            }}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
