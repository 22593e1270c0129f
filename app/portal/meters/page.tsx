import { CalendarDaysIcon, ChevronRightIcon, GaugeIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/utils';
import { formatDate } from '@/lib/format';
import { apartmentLabel } from '../requests/format';
import { serverApi } from '@/server/api/server-caller';
import { METER_TYPES, formatReading, formatUnit, readingWindow } from './meter-format';
import { loadMyMeters } from './my-meters';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('PortalMeters'))('title') };
}

export default async function PortalMetersPage() {
  const portal = await getTranslations('Portal');
  const t = await getTranslations('PortalMeters');
  const locale = await getLocale();
  const api = await serverApi();
  const groups = await loadMyMeters(api);
  // The newest reading of each meter, to say which ones already wait for the manager.
  const latest = new Map(
    await Promise.all(
      groups.flatMap((g) => g.meters).map(async (m) => [m.id, (await api.meters.listReadings({ id: m.id, limit: 1 })).data[0]] as const),
    ),
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {groups.length === 0 ? (
        <EmptyState
          icon={GaugeIcon}
          title={t('noApartment')}
          description={t('noApartmentHint')}
        />
      ) : (
        <div className="grid gap-8">
          {groups.map(({ apartment, meters }) => {
            const window = readingWindow(apartment.readingWindowStartDay, apartment.readingWindowEndDay);
            const headingId = `apartment-${apartment.apartmentId}`;
            return (
              <section key={apartment.apartmentId} aria-labelledby={headingId} className="grid gap-3">
                <div>
                  <h2 id={headingId} className="text-lg font-semibold">
                    {apartmentLabel(apartment, portal)}
                  </h2>
                  <p className="text-sm text-muted-foreground">{[apartment.address, apartment.city].filter(Boolean).join(', ')}</p>
                </div>
                {window && (
                  <p
                    className={cn(
                      'flex items-start gap-2 rounded-md border p-3 text-sm',
                      window.open ? 'border-success/30 bg-success-muted text-success' : 'bg-card text-muted-foreground',
                    )}
                  >
                    <CalendarDaysIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span>
                      {window.startDay === window.endDay ? t('windowOne', { day: window.startDay }) : t('windowRange', { start: window.startDay, end: window.endDay })}{' '}
                      {window.open ? t('windowOpen') : t('windowClosed')}
                    </span>
                  </p>
                )}
                {meters.length === 0 ? (
                  <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
                    {t('noMeters')}
                  </p>
                ) : (
                  <ul aria-labelledby={headingId} className="grid gap-3">
                    {meters.map((meter) => {
                      const type = METER_TYPES[meter.type];
                      const Icon = type.icon;
                      const newest = latest.get(meter.id);
                      return (
                        <li key={meter.id}>
                          <Link
                            href={`/portal/meters/${meter.id}`}
                            className="flex min-h-20 items-center gap-4 rounded-lg border bg-card p-4 shadow-sm hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                          >
                            <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-full', type.tone)}>
                              <Icon className="size-5" aria-hidden="true" />
                            </span>
                            <span className="grid min-w-0 flex-1 gap-0.5">
                              <span className="font-semibold">
                                {t(`types.${meter.type}`)} <span className="font-normal text-muted-foreground">· {formatUnit(meter.unit)}</span>
                              </span>
                              <span className="text-sm text-muted-foreground">{t('serial', { serial: meter.serialNumber })}</span>
                              <span className="text-sm">
                                {meter.lastReading
                                  ? t.rich('lastConfirmed', {
                                      value: formatReading(meter.lastReading.value, meter.decimals, meter.unit, locale),
                                      date: formatDate(meter.lastReading.readAt, locale),
                                      b: (chunks) => <span className="font-medium tabular-nums">{chunks}</span>,
                                    })
                                  : t('noReading')}
                              </span>
                              {newest?.status === 'submitted' && (
                                <Badge variant="warning" className="mt-1 w-fit">
                                  {t('waiting', { value: formatReading(newest.value, meter.decimals, meter.unit, locale) })}
                                </Badge>
                              )}
                            </span>
                            <ChevronRightIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}
