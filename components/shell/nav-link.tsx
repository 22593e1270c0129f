'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ComponentProps } from 'react';

/**
 * aria-current for a navigation link: "page" on the page itself, "true" on the section the page is in
 * (/invoices for /invoices/123). `exact` keeps a section root such as /portal from matching its children.
 */
function useAriaCurrent(href: string, exact = false): 'page' | 'true' | undefined {
  const pathname = usePathname();
  if (pathname === href) return 'page';
  if (!exact && pathname.startsWith(`${href}/`)) return 'true';
  return undefined;
}

export type NavLinkProps = Omit<ComponentProps<typeof Link>, 'href' | 'aria-current'> & {
  href: string;
  exact?: boolean;
};

export function NavLink({ href, exact, ...props }: NavLinkProps) {
  return <Link href={href} aria-current={useAriaCurrent(href, exact)} {...props} />;
}
