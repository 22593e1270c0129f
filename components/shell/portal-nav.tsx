'use client';

import { GaugeIcon, HouseIcon, ReceiptTextIcon, WrenchIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { NavItems } from './nav-link';

const ITEMS = [
  { href: '/portal', label: 'portalHome', icon: HouseIcon, exact: true },
  { href: '/portal/invoices', label: 'portalInvoices', icon: ReceiptTextIcon, exact: false },
  { href: '/portal/meters', label: 'portalMeters', icon: GaugeIcon, exact: false },
  { href: '/portal/requests', label: 'portalRequests', icon: WrenchIcon, exact: false },
] as const;

/** Bottom navigation within thumb reach; every target is 64px tall and a quarter of the width. */
export function PortalNav() {
  const t = useTranslations('Nav');
  return (
    <nav
      aria-label={t('main')}
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card pb-[env(safe-area-inset-bottom)] shadow-[0_-1px_3px_rgb(0_0_0/0.06)]"
    >
      <NavItems
        items={ITEMS}
        listClassName="mx-auto grid max-w-2xl grid-cols-4"
        linkClassName="relative flex min-h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-offset-[-2px] aria-[current]:font-semibold aria-[current]:text-primary aria-[current]:before:absolute aria-[current]:before:top-0 aria-[current]:before:left-1/2 aria-[current]:before:w-12 aria-[current]:before:-translate-x-1/2 aria-[current]:before:h-1 aria-[current]:before:rounded-b aria-[current]:before:bg-primary"
        iconClassName="size-6"
      />
    </nav>
  );
}
