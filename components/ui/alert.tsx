import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlertIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const alertVariants = cva('flex gap-3 rounded-md border p-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    variant: {
      info: 'border-accent-foreground/20 bg-accent text-accent-foreground',
      success: 'border-success/30 bg-success-muted text-success',
      destructive: 'border-destructive/30 bg-destructive-muted text-destructive',
    },
  },
  defaultVariants: { variant: 'info' },
});

/**
 * A message box. Pass role="alert" for errors that appear after an action and role="status"
 * for confirmations, so assistive technology announces them when they appear.
 */
export function Alert({ className, variant, ...props }: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return <div className={cn(alertVariants({ variant }), className)} {...props} />;
}

/** A failure, announced at once (role="alert"): "The meter could not be saved. <why>". */
export function ErrorAlert({ children, ...props }: Omit<ComponentProps<'div'>, 'role'>) {
  return (
    <Alert variant="destructive" role="alert" {...props}>
      <CircleAlertIcon aria-hidden="true" />
      <p>{children}</p>
    </Alert>
  );
}
