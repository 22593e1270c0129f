'use client';

import { useRef, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';

export type FormDialogControls = {
  /** The form is done: the dialog closes and the focus goes to `focusAfterDone`. */
  finish: () => void;
  /** `then`, called once the form is done (the dialog closing first): `onSaved={finishWith(onSaved)}`. */
  finishWith: <A extends unknown[]>(then: (...args: A) => void) => (...args: A) => void;
  /** While busy (a request on its way) the dialog cannot be dismissed. */
  setBusy: (busy: boolean) => void;
};

/** What a page gives a dialog it opens: whether it is open, how to close it, where the focus returns when cancelled. */
export type DialogState = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => HTMLElement | null;
};

export type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Classes of the dialog's content, e.g. a wider `max-w-3xl`. */
  className?: string;
  /** Where the focus goes when the dialog is cancelled (without it, where it was before the dialog opened). */
  returnFocus?: () => HTMLElement | null;
  /** Where it goes once the form is done: the confirmation on the page, so it is read out. */
  focusAfterDone?: () => HTMLElement | null;
  /** The form, mounted per opening so every opening starts from a clean one. */
  children: (controls: FormDialogControls) => ReactNode;
};

/** A dialog around a form (or a flow of steps) that closes itself when it is done. */
export function FormDialog({ open, onOpenChange, title, description, className, returnFocus, focusAfterDone, children }: FormDialogProps) {
  const done = useRef(false);
  const busy = useRef(false);
  const finish = () => {
    done.current = true;
    onOpenChange(false);
  };
  const finishWith =
    <A extends unknown[]>(then: (...args: A) => void) =>
    (...args: A) => {
      finish();
      then(...args);
    };
  const setBusy = (value: boolean) => {
    busy.current = value;
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy.current) return;
        onOpenChange(next);
      }}
    >
      <DialogContent
        className={className}
        onOpenAutoFocus={() => {
          done.current = false;
        }}
        returnFocus={returnFocus && (() => (done.current ? (focusAfterDone?.() ?? null) : returnFocus()))}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && <FormDialogBody finish={finish} finishWith={finishWith} setBusy={setBusy} render={children} />}
      </DialogContent>
    </Dialog>
  );
}

/** The form as a component of its own, so that the controls (which set refs) reach it as props. */
function FormDialogBody({ render, ...controls }: FormDialogControls & { render: (controls: FormDialogControls) => ReactNode }) {
  return render(controls);
}
