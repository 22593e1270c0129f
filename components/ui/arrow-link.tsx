import { ArrowRightIcon } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A link onward to another page ("Go to invoices →"), tall enough to tap. */
export function ArrowLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <Link href={href} className={cn('inline-flex min-h-10 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline', className)}>
      {children}
      <ArrowRightIcon className="size-4" aria-hidden="true" />
    </Link>
  );
}
