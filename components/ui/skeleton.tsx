import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A placeholder block; decorative, so the loading region around it carries the announcement. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)} {...props} />
  );
}

/** A page still loading: its heading and content as placeholders, announced once as `label`. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">{label}</span>
      <div className="grid gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-full max-w-md" />
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
