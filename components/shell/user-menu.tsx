'use client';

import { ChevronDownIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { LOCALE_NAMES, LOCALES } from '@/i18n/locales';
import { useChooseLocale } from './language-select';

export type UserMenuProps = { name?: string; email?: string; tenantName?: string; signOutAction: () => Promise<void> };

function initialsOf(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** The signed-in user's name, organisation, language and sign-out. */
export function UserMenu({ name, email, tenantName, signOutAction }: UserMenuProps) {
  const t = useTranslations('UserMenu');
  const language = useTranslations('Language');
  const locale = useLocale();
  const { choose } = useChooseLocale();
  const [pending, startTransition] = useTransition();
  const displayName = name ?? email ?? t('account');
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
          <span className="font-medium">{name ?? t('notSignedIn')}</span>
          {email && <span className="text-muted-foreground">{email}</span>}
          {tenantName && <span className="text-muted-foreground">{tenantName}</span>}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="text-muted-foreground">{language('label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={locale} onValueChange={choose}>
          {LOCALES.map((l) => (
            <DropdownMenuRadioItem key={l} value={l} lang={l} className="min-h-11">
              {LOCALE_NAMES[l]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        {/* The menu unmounts on select, so the action is started from the handler, not a form. */}
        <DropdownMenuItem disabled={pending} onSelect={() => startTransition(() => signOutAction())}>
          <LogOutIcon aria-hidden="true" />
          {t('signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
