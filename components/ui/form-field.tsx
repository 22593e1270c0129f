import { Slot } from 'radix-ui';
import { useId, type ReactElement } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

export type FormFieldProps = {
  label: string;
  /** One control (Input, SelectTrigger, textarea…); it receives the id and the aria wiring. */
  children: ReactElement;
  description?: string;
  error?: string;
  className?: string;
};

/** Label, control, hint and error wired together so screen readers announce all three. */
export function FormField({ label, children, description, error, className }: FormFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Slot.Root id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
        {children}
      </Slot.Root>
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
