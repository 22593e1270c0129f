import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/utils';

/**
 * A region of a page named by its heading. The heading can take the focus (`headingRef`), so that after a
 * change to the list the reader lands on it; `hiddenTitle` keeps the name for screen readers only. A section
 * inside a card is an `h3`, with an optional line of `hint` under its title.
 */
export function TitledSection({
  id,
  title,
  headingRef,
  hiddenTitle = false,
  level = 2,
  hint,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  hiddenTitle?: boolean;
  level?: 2 | 3;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const heading = (
    <Heading id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={hiddenTitle ? 'sr-only' : cn('font-semibold focus-visible:outline-none', level === 2 && 'text-lg')}>
      {title}
    </Heading>
  );
  return (
    <section aria-labelledby={id} className={cn('grid min-w-0 gap-3', className)}>
      {hint ? (
        <div className="grid gap-1">
          {heading}
          <p className="max-w-prose text-sm text-muted-foreground">{hint}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
