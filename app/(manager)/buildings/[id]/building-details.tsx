'use client';

import { useQuery } from '@tanstack/react-query';
import { Building2Icon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { DetailList } from '@/components/ui/detail-list';
import { DetailPage } from '@/components/ui/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { Notice } from '@/components/ui/notice';
import { formatMoney, formatRate } from '@/lib/format';
import { useTRPC } from '@/lib/trpc/react';
import type { Building } from '../types';
import { ApartmentsSection } from './apartments-section';
import { ChargeRulesEditor } from './charge-rules-editor';
import { DeleteBuildingDialog } from './delete-building-dialog';
import { EditBuildingDialog } from './edit-building-dialog';

/** A building: its details and billing settings, its apartments and its charge rules with a preview. */
export function BuildingDetails({ id }: { id: string }) {
  const t = useTranslations('Building');
  const trpc = useTRPC();
  const query = useQuery(trpc.buildings.get.queryOptions({ id }));

  return (
    <DetailPage query={query} t={t} icon={Building2Icon} listHref="/buildings" listLabel={t('allBuildings')}>
      {({ data: building }) => (
        // Remounted per building so the editors start from that building's saved state.
        <BuildingBody key={building.id} building={building} />
      )}
    </DetailPage>
  );
}

function BuildingBody({ building }: { building: Building }) {
  const t = useTranslations('Building');
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const place = [building.address, [building.postalCode, building.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  return (
    <>
      <BackLink href="/buildings">{t('allBuildings')}</BackLink>
      <PageHeader
        title={building.name}
        description={place}
        actions={
          <>
            <EditBuildingDialog
              building={building}
              onSaved={() => setNotice(t('saved'))}
              noticeRef={noticeRef}
            >
              <Button variant="outline" className="flex-1 sm:flex-none">
                <PencilIcon aria-hidden="true" />
                {t('edit')}
              </Button>
            </EditBuildingDialog>
            <DeleteBuildingDialog building={building}>
              <Button variant="outline" className="flex-1 text-destructive hover:text-destructive sm:flex-none">
                <Trash2Icon aria-hidden="true" />
                {t('delete')}
              </Button>
            </DeleteBuildingDialog>
          </>
        }
      />

      {notice && (
        <Notice ref={noticeRef} className="mb-6">
          {notice}
        </Notice>
      )}

      <div className="grid min-w-0 gap-8">
        <BillingSummary building={building} />
        <ApartmentsSection building={building} />
        <ChargeRulesEditor building={building} />
      </div>
    </>
  );
}

function BillingSummary({ building }: { building: Building }) {
  const t = useTranslations('Building.billing');
  const locale = useLocale();
  const { penaltyRatePerDay: rate, readingWindowStartDay: from, readingWindowEndDay: until } = building;
  const steps = building.reminderDays.map((d) => (d > 0 ? `+${d}` : String(d))).join(', ');
  const items: Array<[string, string]> = [
    [t('apartments'), String(building.apartmentCount)],
    [t('paymentTerm'), t('paymentTermDays', { days: building.paymentTermDays })],
    [t('invoicePrefix'), building.invoicePrefix || '—'],
    [t('currency'), building.currency],
    [t('penalty'), rate ? t('penaltyRate', { rate: formatRate(rate, locale) }) : t('none')],
    [t('readingWindow'), from != null && until != null ? t('readingDays', { from, until }) : t('notSet')],
    [t('reminders'), steps ? t('reminderSteps', { steps, amount: formatMoney(building.reminderMinAmount, building.currency, locale) }) : t('none')],
    [t('iban'), building.iban ?? t('notSet')],
    [t('accountHolder'), building.bankRecipient ?? t('notSet')],
  ];
  return <DetailList id="billing-summary-heading" title={t('heading')} items={items} columns={3} />;
}
