'use client';

import { ChevronDownIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import { useTransition } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type UserMenuProps = { name?: string; email?: string; tenantName?: string; signOutAction: () => Promise<void> };

function initialsOf(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The signed-in user's name, organisation and sign-out. */
export function UserMenu({ name, email, tenantName, signOutAction }: UserMenuProps) {
  const [pending, startTransition] = useTransition();
  const displayName = name ?? email ?? 'Account';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-11 gap-2 px-2">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground"
          >
            {name ? initialsOf(name) : <UserRoundIcon className="size-4" />}
          </span>
          {/* The visible name is also the button's accessible name; on phones only screen readers get it. */}
          <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate">{displayName}</span>
          <ChevronDownIcon className="hidden text-muted-foreground sm:block" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="font-medium">{name ?? 'Not signed in'}</span>
          {email && <span className="text-muted-foreground">{email}</span>}
          {tenantName && <span className="text-muted-foreground">{tenantName}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {/* The menu unmounts on select, so the action is started from the handler, not a form. */}
        <DropdownMenuItem disabled={pending} onSelect={() => startTransition(() => signOutAction())}>
          <LogOutIcon aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
