import { Building2Icon, ChevronRightIcon, GaugeIcon, HouseIcon, WrenchIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatQuantity } from '@/lib/format';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AccountSummary } from '@/components/account/account-statement';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/utils';
import { serverApi } from '@/server/api/server-caller';
import { InvoiceChannelChoice } from './invoice-channel-choice';
import { TitledSection } from '@/components/ui/titled-section';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Portal'))('home.title') };
}

export default async function PortalHomePage() {
  const t = await getTranslations('Portal');
  const locale = await getLocale();
  const api = await serverApi();
  const apartments = await api.residents.myApartments();
  const accounts = await Promise.all(apartments.map(async (a) => (await api.apartments.account({ id: a.apartmentId })).data));

  return (
    <>
      <PageHeader title={t('home.title')} description={t('home.description')} />
      <div className="grid gap-8">
        {accounts.map((account) => (
          <section key={account.apartmentId} aria-labelledby={`owe-${account.apartmentId}-heading`} className="grid gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`owe-${account.apartmentId}-heading`} className="text-lg font-semibold">
                {accounts.length > 1 ? t('home.whatYouOweFor', { building: account.buildingName, number: account.apartmentNumber }) : t('home.whatYouOwe')}
              </h2>
              <Link href={`/portal/apartments/${account.apartmentId}`} className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
                {t('home.accountStatement')}
                <ChevronRightIcon className="size-4" aria-hidden="true" />
              </Link>
            </div>
            <AccountSummary account={account} />
          </section>
        ))}
        <TitledSection id="my-apartments-heading" title={t('home.myApartments')}>
          {apartments.length === 0 ? (
            <div className="flex gap-3 rounded-lg border border-dashed bg-card p-4">
              <HouseIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="grid gap-1">
                <h3 className="text-sm font-semibold">{t('home.noApartmentTitle')}</h3>
                <p className="text-sm text-muted-foreground">{t('home.noApartmentText')}</p>
              </div>
            </div>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {apartments.map((apartment) => (
                <li key={apartment.apartmentId}>
                  <Card className="flex h-full gap-4 p-4">
                    <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                      <Building2Icon className="size-5" aria-hidden="true" />
                    </span>
                    <div className="grid min-w-0 flex-1 gap-1">
                      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                        <h3 className="font-semibold wrap-break-word">{apartment.buildingName}</h3>
                        <Badge variant="secondary">{t(apartment.role === 'owner' ? 'roles.owner' : 'roles.tenant')}</Badge>
                      </div>
                      <p className="text-sm text-muted-foreground wrap-break-word">
                        {[apartment.address, apartment.city].filter(Boolean).join(', ')}
                      </p>
                      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
                        <dt className="text-muted-foreground">{t('home.apartment')}</dt>
                        <dd className="font-medium">{apartment.number}</dd>
                        <dt className="text-muted-foreground">{t('home.area')}</dt>
                        <dd className="font-medium">{formatQuantity(apartment.area, 'm2', locale)}</dd>
                      </dl>
                      <InvoiceChannelChoice residentId={apartment.residentId} initial={apartment.invoiceChannel} />
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </TitledSection>

        {apartments.length > 0 && (
          <ActionSection id="problem-heading" title={t('home.problemTitle')} href="/portal/requests/new" icon={<WrenchIcon aria-hidden="true" />} label={t('home.reportProblem')}>
            {t.rich('home.problemText', {
              link: (chunks) => (
                <Link href="/portal/requests" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
                  {chunks}
                </Link>
              ),
            })}
          </ActionSection>
        )}

        {apartments.length > 0 && (
          <ActionSection id="readings-heading" title={t('home.readingsTitle')} href="/portal/meters" icon={<GaugeIcon aria-hidden="true" />} label={t('home.submitReading')} outline>
            {t('home.readingsText')}
          </ActionSection>
        )}
      </div>
    </>
  );
}

/** A section with one big action: a full-width target at thumb height on phones, and a line about it. */
function ActionSection(props: { id: string; title: string; href: string; icon: ReactNode; label: string; outline?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="grid gap-3">
      <h2 id={props.id} className="text-lg font-semibold">
        {props.title}
      </h2>
      <Link
        href={props.href}
        className={cn(buttonVariants({ size: 'lg', variant: props.outline ? 'outline' : 'default' }), 'h-14 w-full justify-between px-4 sm:w-auto sm:justify-center')}
      >
        <span className="flex items-center gap-3">
          {props.icon}
          {props.label}
        </span>
        <ChevronRightIcon className="sm:hidden" aria-hidden="true" />
      </Link>
      <p className="text-sm text-muted-foreground">{props.children}</p>
    </section>
  );
}
