import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/utils';

/**
 * A region of a page named by its heading. The heading can take the focus (`headingRef`), so that after a
 * change to the list the reader lands on it; `hiddenTitle` keeps the name for screen readers only.
 */
export function TitledSection({
  id,
  title,
  headingRef,
  hiddenTitle = false,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  hiddenTitle?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('grid min-w-0 gap-3', className)}>
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={hiddenTitle ? 'sr-only' : 'text-lg font-semibold focus-visible:outline-none'}>
        {title}
      </h2>
      {children}
    </section>
  );
}
