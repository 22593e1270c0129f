'use client';

import {
  Building2Icon,
  CreditCardIcon,
  GavelIcon,
  GaugeIcon,
  LayoutDashboardIcon,
  MenuIcon,
  ReceiptTextIcon,
  SettingsIcon,
  UsersIcon,
  WebhookIcon,
  WrenchIcon,
} from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Brand } from './brand';
import { NavItems } from './nav-link';

const ITEMS = [
  { href: '/dashboard', label: 'dashboard', icon: LayoutDashboardIcon },
  { href: '/buildings', label: 'buildings', icon: Building2Icon },
  { href: '/invoices', label: 'invoices', icon: ReceiptTextIcon },
  { href: '/meters', label: 'meters', icon: GaugeIcon },
  { href: '/residents', label: 'residents', icon: UsersIcon },
  { href: '/maintenance', label: 'maintenance', icon: WrenchIcon },
  { href: '/payments', label: 'payments', icon: CreditCardIcon },
  { href: '/collections', label: 'collections', icon: GavelIcon },
  { href: '/webhooks', label: 'webhooks', icon: WebhookIcon },
  { href: '/settings', label: 'settings', icon: SettingsIcon },
] as const;

function ManagerNavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <NavItems
      items={ITEMS}
      onNavigate={onNavigate}
      listClassName="grid gap-1"
      // Current page: tinted background, bold text and a bar on the left, so it is not told by colour alone.
      linkClassName="flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground aria-[current]:bg-accent aria-[current]:font-semibold aria-[current]:text-accent-foreground aria-[current]:shadow-[inset_3px_0_0_var(--color-primary)]"
      iconClassName="size-5 shrink-0"
    />
  );
}

/** The sidebar shown from the md breakpoint up. */
export function ManagerSidebar() {
  const t = useTranslations('Nav');
  return (
    <nav aria-label={t('main')} className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-card md:flex">
      <div className="flex h-16 shrink-0 items-center border-b px-4">
        <Brand href="/dashboard" />
      </div>
      <div className="flex-1 overflow-y-auto p-3">
        <ManagerNavList />
      </div>
    </nav>
  );
}

/** Below md: a menu button in the top bar that opens the same navigation in a sheet. */
export function ManagerMobileNav() {
  const t = useTranslations('Nav');
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden">
          <MenuIcon className="size-6" aria-hidden="true" />
          <span className="sr-only">{t('openMenu')}</span>
        </Button>
      </SheetTrigger>
      {/* The sheet holds only navigation, so it has a title and no separate description. */}
      <SheetContent aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>{t('menu')}</SheetTitle>
        </SheetHeader>
        <nav aria-label={t('main')} className="flex-1 overflow-y-auto p-3">
          <ManagerNavList onNavigate={() => setOpen(false)} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
