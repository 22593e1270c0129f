import { Building2Icon } from 'lucide-react';
import Link from 'next/link';
import { cn } from '@/lib/utils';

/** The product name as a link to the area's start page. */
export function Brand({ href, className }: { href: string; className?: string }) {
  return (
    <Link href={href} className={cn('inline-flex min-h-11 items-center gap-2 rounded-md font-semibold', className)}>
      <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Building2Icon className="size-5" aria-hidden="true" />
      </span>
      Property Billing
    </Link>
  );
}
