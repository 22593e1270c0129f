import type { ReactNode } from 'react';
import { Brand } from '@/components/shell/brand';
import { PortalNav } from '@/components/shell/portal-nav';
import { SkipLink } from '@/components/shell/skip-link';
import { TenantSwitcher } from '@/components/shell/tenant-switcher';
import { LocaleSyncFor } from '@/components/shell/locale-sync-for';
import { UserMenu } from '@/components/shell/user-menu';
import { requireUser } from '@/server/auth/current-user';
import { serverApi } from '@/server/api/server-caller';
import { signOutAction } from '@/app/sign-out-action';

export const dynamic = 'force-dynamic';

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await requireUser(['resident']);
  const memberships = await (await serverApi()).account.memberships();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b bg-card pt-[env(safe-area-inset-top)]">
        <div className="mx-auto flex h-14 max-w-2xl items-center justify-between gap-2 pr-2 pl-4">
          <Brand href="/portal" />
          <div className="flex min-w-0 items-center gap-1">
            <TenantSwitcher memberships={memberships} />
            <UserMenu name={user.name ?? undefined} email={user.email} tenantName={user.tenantName} signOutAction={signOutAction} />
            <LocaleSyncFor user={user} />
          </div>
        </div>
      </header>
      {/* Bottom padding keeps the last content clear of the fixed bottom navigation. */}
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-2xl flex-1 px-4 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] focus-visible:outline-none"
      >
        {children}
      </main>
      <PortalNav />
    </div>
  );
}
