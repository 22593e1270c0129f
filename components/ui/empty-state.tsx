import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** Optional call to action, e.g. a button. */
  children?: ReactNode;
  /** h1 when the empty state is the whole page (not found, error), h2 below a page header. */
  titleAs?: 'h1' | 'h2';
  className?: string;
};

export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  titleAs: Title = 'h2',
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-lg border border-dashed bg-card px-6 py-12 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Title className="mt-4 text-base font-semibold">{title}</Title>
      <div className="mt-2 max-w-prose text-sm text-muted-foreground">{description}</div>
      {children && <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}
