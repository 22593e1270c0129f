'use client';

import { useMutation } from '@tanstack/react-query';
import { Building2Icon, ChevronsUpDownIcon, CircleAlertIcon, XIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';

export type TenantOption = { tenantId: string; name: string; role: 'admin' | 'manager' | 'resident'; current: boolean };

/**
 * The organisation this session works in, and a switch to the person's other ones; nothing for a
 * person with a single organisation. After switching, the page reloads at the new role's home, so
 * nothing of the previous organisation stays on screen or in the client cache.
 */
export function TenantSwitcher({ memberships }: { memberships: TenantOption[] }) {
  const words = useErrorWords();
  const t = useTranslations('Shell');
  const trpc = useTRPC();
  const [error, setError] = useState<string | null>(null);
  const switchTenant = useMutation(
    trpc.account.switchTenant.mutationOptions({
      onSuccess: (switched) => window.location.assign(switched.home),
      onError: (err) => setError(describeError(err, words)),
    }),
  );
  if (memberships.length < 2) return null;
  const current = memberships.find((m) => m.current);
  const busy = switchTenant.isPending || switchTenant.isSuccess;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="h-11 max-w-32 min-w-0 gap-1.5 px-2 sm:max-w-60" disabled={busy}>
            <Building2Icon className="hidden text-muted-foreground sm:block" aria-hidden="true" />
            <span className="sr-only">{t('tenant.label')} </span>
            <span className="truncate">{busy ? t('tenant.switching') : (current?.name ?? t('tenant.choose'))}</span>
            <ChevronsUpDownIcon className="text-muted-foreground" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-w-[calc(100vw-2rem)]">
          <DropdownMenuLabel className="text-muted-foreground">{t('tenant.switchTo')}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuRadioGroup
            value={current?.tenantId ?? ''}
            onValueChange={(tenantId) => {
              if (tenantId === current?.tenantId) return;
              setError(null);
              switchTenant.mutate({ tenantId });
            }}
          >
            {memberships.map((m) => (
              <DropdownMenuRadioItem key={m.tenantId} value={m.tenantId} disabled={busy}>
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{m.name}</span>
                  <span className="text-xs text-muted-foreground">{t(`tenant.roles.${m.role}`)}</span>
                </span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      {error && (
        <div className="fixed inset-x-4 top-16 z-50 mx-auto max-w-md">
          <Alert variant="destructive" role="alert" className="items-start bg-card shadow-md">
            <CircleAlertIcon aria-hidden="true" />
            <p className="flex-1">{t('tenant.failed', { reason: error })}</p>
            <Button variant="ghost" size="icon" className="-my-2.5 -mr-2" onClick={() => setError(null)}>
              <XIcon aria-hidden="true" />
              <span className="sr-only">{t('tenant.dismiss')}</span>
            </Button>
          </Alert>
        </div>
      )}
    </>
  );
}
