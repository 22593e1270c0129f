'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { ErrorAlert } from './alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { DialogActions } from './dialog-actions';

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
  /**
   * Where the focus goes when the dialog closes: the outcome after confirming, the trigger otherwise.
   * Without it (or when it gives null), back to where the focus was before the dialog opened.
   */
  returnFocus?: () => HTMLElement | null;
  /** A red confirm button, for what cannot be undone; the default. */
  destructive?: boolean;
  /** 40 px buttons at every width instead of 44 px ones on phones. */
  compact?: boolean;
};

/** An action asked once more; it cannot be dismissed while the action runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  keepLabel,
  pending,
  error,
  onConfirm,
  returnFocus,
  destructive = true,
  compact = false,
}: ConfirmDialogProps) {
  const t = useTranslations('Ui');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent returnFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <DialogActions
          cancelLabel={keepLabel ?? t('keep')}
          label={confirmLabel}
          pendingLabel={pendingLabel}
          pending={pending}
          onAction={onConfirm}
          destructive={destructive}
          compact={compact}
        />
      </DialogContent>
    </Dialog>
  );
}
