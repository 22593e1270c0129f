'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { DialogClose, DialogFooter } from './dialog';

// 44 px tall on phones (size lg), the usual 40 px from `sm` up.
const TOUCH = 'sm:h-10 sm:px-4 sm:text-sm';

export type DialogActionsProps = {
  /** The action, e.g. "Save meter"; without it only the button that closes the dialog is shown. */
  label?: string;
  /** Shown instead of the label while the action runs ("Saving…"); the button is aria-disabled meanwhile. */
  pendingLabel?: string;
  pending?: boolean;
  /** What the action does; without it the button submits the dialog's form. Not called while pending. */
  onAction?: () => void;
  destructive?: boolean;
  cancelLabel?: string;
  /** 40 px buttons at every width instead of 44 px ones on phones. */
  compact?: boolean;
};

/** A dialog's footer: a button that closes it and, usually, its action. */
export function DialogActions({
  label,
  pendingLabel,
  pending = false,
  onAction,
  destructive = false,
  cancelLabel,
  compact = false,
}: DialogActionsProps) {
  const t = useTranslations('Ui');
  const size = compact ? 'default' : 'lg';
  const fit = compact ? undefined : TOUCH;
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline" size={size} className={fit}>
          {cancelLabel ?? t('cancel')}
        </Button>
      </DialogClose>
      {label && (
        <Button
          type={onAction ? 'button' : 'submit'}
          variant={destructive ? 'destructive' : 'default'}
          size={size}
          aria-disabled={pending}
          className={cn('aria-disabled:opacity-60', fit)}
          onClick={
            onAction &&
            (() => {
              if (!pending) onAction();
            })
          }
        >
          {pending ? (pendingLabel ?? label) : label}
        </Button>
      )}
    </DialogFooter>
  );
}
