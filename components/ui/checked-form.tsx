import type { FormEvent, ReactNode, Ref } from 'react';
import { cn } from '@/lib/utils';
import { Notice } from './notice';

/**
 * A form whose input our own checks and the server's judge (the browser's validation is off), with the
 * message for the whole form above its fields. Give `formError` only when it should show (not while sending)
 * and `errorRef` from useFieldErrors's `ref('form')`, so the focus can move to it.
 */
export function CheckedForm({
  onSubmit,
  formError,
  errorRef,
  className,
  'aria-label': ariaLabel,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formError: string | null | false;
  errorRef?: Ref<HTMLDivElement>;
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={ariaLabel} className={cn('grid gap-5', className)}>
      {formError && (
        <Notice ref={errorRef} tone="destructive">
          {formError}
        </Notice>
      )}
      {children}
    </form>
  );
}
