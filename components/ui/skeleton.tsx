import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A placeholder block; decorative, so the loading region around it carries the announcement. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden="true" className={cn('rounded-md bg-muted motion-safe:animate-pulse', className)} {...props} />
  );
}
