import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Alert } from './alert';

export type NoticeProps = Omit<ComponentProps<'div'>, 'role'> & {
  tone?: 'success' | 'destructive';
  /** Announced politely (`status`) or at once (`alert`); by default `status` for success, `alert` otherwise. */
  role?: 'status' | 'alert';
  /** Show the focus outline when it takes the focus; without it the outline is hidden. */
  ring?: boolean;
  /** Give `heading` for a notice of two parts: a bold first line, then `children`. */
  heading?: ReactNode;
};

/**
 * An outcome ("Meter CW-1 has been added.", "The prepayment could not be recorded. …") that can take the
 * focus (through its ref), so it is read out where it appears. Key it by the message for a new one to be
 * announced again.
 */
export function Notice({ tone = 'success', role, ring = false, heading, className, children, ...props }: NoticeProps) {
  return (
    <Alert
      tabIndex={-1}
      variant={tone}
      role={role ?? (tone === 'success' ? 'status' : 'alert')}
      className={cn(ring ? 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring' : 'focus-visible:outline-none', className)}
      {...props}
    >
      {tone === 'success' ? <CircleCheckIcon aria-hidden="true" /> : <CircleAlertIcon aria-hidden="true" />}
      {heading ? (
        <div className="grid gap-1">
          <p className="font-semibold">{heading}</p>
          <p className="text-foreground">{children}</p>
        </div>
      ) : (
        <p>{children}</p>
      )}
    </Alert>
  );
}
