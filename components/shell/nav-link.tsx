'use client';

import type { LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
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

export type NavItem = { href: string; label: string; icon: LucideIcon; exact?: boolean };

/** A navigation's links as list items, each an icon and its label (`label` is a key of the `Nav` messages). */
export function NavItems({ items, linkClassName, iconClassName, listClassName, onNavigate }: { items: readonly NavItem[]; linkClassName: string; iconClassName: string; listClassName: string; onNavigate?: () => void }) {
  const t = useTranslations('Nav');
  return (
    <ul className={listClassName}>
      {items.map(({ href, label, icon: Icon, exact }) => (
        <li key={href}>
          <NavLink href={href} exact={exact} onNavigate={onNavigate} className={linkClassName}>
            <Icon className={iconClassName} aria-hidden="true" />
            {t(label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
