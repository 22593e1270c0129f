import type { ReactNode } from 'react';
import { Brand } from '@/components/shell/brand';
import { ManagerMobileNav, ManagerSidebar } from '@/components/shell/manager-nav';
import { SkipLink } from '@/components/shell/skip-link';
import { TenantSwitcher } from '@/components/shell/tenant-switcher';
import { LocaleSyncFor } from '@/components/shell/locale-sync-for';
import { UserMenu } from '@/components/shell/user-menu';
import { requireUser } from '@/server/auth/current-user';
import { serverApi } from '@/server/api/server-caller';
import { signOutAction } from '@/app/sign-out-action';

export const dynamic = 'force-dynamic';

export default async function ManagerLayout({ children }: { children: ReactNode }) {
  const user = await requireUser(['admin', 'manager']);
  const memberships = await (await serverApi()).account.memberships();
  return (
    <div className="flex min-h-dvh">
      <SkipLink />
      <ManagerSidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-card px-2 sm:px-4">
          <ManagerMobileNav />
          <Brand href="/dashboard" className="shrink-0 whitespace-nowrap md:hidden" />
          <div className="ml-auto flex min-w-0 items-center gap-1">
            <TenantSwitcher memberships={memberships} />
            <UserMenu name={user.name ?? undefined} email={user.email} tenantName={user.tenantName} signOutAction={signOutAction} />
            <LocaleSyncFor user={user} />
          </div>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus-visible:outline-none sm:px-6 lg:px-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
