import {  CalendarDaysIcon, CameraIcon, KeyboardIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { BackLink } from '@/components/ui/back-link';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/utils';
import { formatDate } from '@/lib/format';
import { apartmentLabel } from '../../requests/format';
import { serverApi } from '@/server/api/server-caller';
import { METER_TYPES, READING_STATUS, formatConsumption, formatReading, readingWindow } from '../meter-format';
import { loadMyMeters } from '../my-meters';
import { ReadingForm } from './reading-form';
import { TitledSection } from '@/components/ui/titled-section';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('PortalMeters'))('newReading') };
}

const HISTORY_SIZE = 24;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function PortalMeterPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const portal = await getTranslations('Portal');
  const t = await getTranslations('PortalMeters');
  const locale = await getLocale();
  const api = await serverApi();
  const group = (await loadMyMeters(api)).find((g) => g.meters.some((m) => m.id === id));
  const meter = group?.meters.find((m) => m.id === id);
  if (!group || !meter) notFound();
  const readings = await api.meters.listReadings({ id, limit: HISTORY_SIZE });

  const type = METER_TYPES[meter.type];
  const Icon = type.icon;
  const window = readingWindow(group.apartment.readingWindowStartDay, group.apartment.readingWindowEndDay);

  return (
    <>
      <BackLink href="/portal/meters">{t('back')}</BackLink>
      <PageHeader
        title={t('meterTitle', { type: t(`types.${meter.type}`) })}
        description={`${apartmentLabel(group.apartment, portal)} · ${t('serial', { serial: meter.serialNumber })}`}
      />

      <div className="grid gap-6">
        <div className="flex items-center gap-4 rounded-lg border bg-card p-4 shadow-sm">
          <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-full', type.tone)}>
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
            <dt className="text-muted-foreground">{t('lastConfirmedTerm')}</dt>
            <dd className="font-medium tabular-nums">
              {meter.lastReading ? formatReading(meter.lastReading.value, meter.decimals, meter.unit, locale) : t('noneYet')}
            </dd>
            {meter.lastReading && (
              <>
                <dt className="text-muted-foreground">{t('readOn')}</dt>
                <dd className="font-medium">{formatDate(meter.lastReading.readAt, locale)}</dd>
              </>
            )}
          </dl>
        </div>

        {window && (
          <Alert variant={window.open ? 'success' : 'info'}>
            <CalendarDaysIcon aria-hidden="true" />
            <p>
              {window.startDay === window.endDay ? t('windowOne', { day: window.startDay }) : t('windowRange', { start: window.startDay, end: window.endDay })}{' '}
              {window.open ? t('windowOpen') : t('windowClosedLong')}
            </p>
          </Alert>
        )}

        <TitledSection id="new-reading-heading" title={t('newReading')} hint={t('newReadingHint')}>
          <ReadingForm meter={{ id: meter.id, unit: meter.unit, decimals: meter.decimals, lastReading: meter.lastReading }} />
        </TitledSection>

        <TitledSection id="history-heading" title={t('history')}>
          {readings.data.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
              {t('noHistory')}
            </p>
          ) : (
            <ul aria-labelledby="history-heading" className="divide-y rounded-lg border bg-card">
              {readings.data.map((reading) => {
                const status = READING_STATUS[reading.status];
                return (
                  <li key={reading.id} className="grid gap-1 p-4">
                    <div className="flex items-start justify-between gap-3">
                      <p className="text-lg font-semibold tabular-nums">{formatReading(reading.value, meter.decimals, meter.unit, locale)}</p>
                      <Badge variant={status.variant} className="shrink-0">
                        <span className="sr-only">{t('statusLabel')} </span>
                        {t(`status.${reading.status}`)}
                      </Badge>
                    </div>
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                      <span>
                        {t.rich('readAt', { date: formatDate(reading.readAt, locale), time: (chunks) => <time dateTime={reading.readAt}>{chunks}</time> })}
                      </span>
                      <span>
                        {t.rich('consumption', {
                          value: formatConsumption(reading.consumption, meter.decimals, meter.unit, locale),
                          b: (chunks) => <span className="font-medium text-foreground tabular-nums">{chunks}</span>,
                        })}
                      </span>
                      <span className="inline-flex items-center gap-1">
                        {reading.source === 'ocr' ? (
                          <>
                            <CameraIcon className="size-4" aria-hidden="true" /> {t('fromPhoto')}
                          </>
                        ) : (
                          <>
                            <KeyboardIcon className="size-4" aria-hidden="true" /> {t('typedIn')}
                          </>
                        )}
                      </span>
                    </p>
                  </li>
                );
              })}
            </ul>
          )}
          {readings.nextCursor && <p className="text-sm text-muted-foreground">{t('lastShown', { count: HISTORY_SIZE })}</p>}
        </TitledSection>
      </div>
    </>
  );
}
