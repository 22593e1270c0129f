'use client';

import { useQuery } from '@tanstack/react-query';
import { Building2Icon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useRef, useState } from 'react';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { DetailList } from '@/components/ui/detail-list';
import { DetailPageError } from '@/components/ui/detail-page-error';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/skeleton';
import { Notice } from '@/components/ui/notice';
import { formatMoney } from '@/lib/format';
import { useTRPC } from '@/lib/trpc/react';
import type { Building } from '../types';
import { ApartmentsSection } from './apartments-section';
import { ChargeRulesEditor } from './charge-rules-editor';
import { DeleteBuildingDialog } from './delete-building-dialog';
import { EditBuildingDialog } from './edit-building-dialog';

/** A building: its details and billing settings, its apartments and its charge rules with a preview. */
export function BuildingDetails({ id }: { id: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.buildings.get.queryOptions({ id }));

  if (query.isPending) {
    return <PageSkeleton label="Loading the building…" />;
  }

  if (query.isError) {
    return (
      <DetailPageError
        error={query.error}
        retry={() => void query.refetch()}
        title="Building"
        icon={Building2Icon}
        notFoundDescription="It may have been deleted, or the link is not complete."
        listHref="/buildings"
        listLabel="All buildings"
      />
    );
  }

  const building = query.data.data;
  // Remounted per building so the editors start from that building's saved state.
  return <BuildingBody key={building.id} building={building} />;
}

function BuildingBody({ building }: { building: Building }) {
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const place = [building.address, [building.postalCode, building.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  return (
    <>
      <BackLink href="/buildings">All buildings</BackLink>
      <PageHeader
        title={building.name}
        description={place}
        actions={
          <>
            <EditBuildingDialog
              building={building}
              onSaved={() => setNotice('The building’s details have been saved.')}
              noticeRef={noticeRef}
            >
              <Button variant="outline" className="flex-1 sm:flex-none">
                <PencilIcon aria-hidden="true" />
                Edit
              </Button>
            </EditBuildingDialog>
            <DeleteBuildingDialog building={building}>
              <Button variant="outline" className="flex-1 text-destructive hover:text-destructive sm:flex-none">
                <Trash2Icon aria-hidden="true" />
                Delete building
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

const rateFormat = new Intl.NumberFormat('et-EE', { maximumFractionDigits: 4 });

function BillingSummary({ building }: { building: Building }) {
  const { penaltyRatePerDay: rate, readingWindowStartDay: from, readingWindowEndDay: until } = building;
  const items: Array<[string, string]> = [
    ['Apartments', String(building.apartmentCount)],
    ['Payment term', `${building.paymentTermDays} days`],
    ['Invoice prefix', building.invoicePrefix || '—'],
    ['Currency', building.currency],
    ['Penalty interest', rate ? `${rateFormat.format(rate)} % per day` : 'None'],
    ['Reading window', from != null && until != null ? `Days ${from}–${until} of the month` : 'Not set'],
    ['Payment reminders', building.reminderDays.length ? `${building.reminderDays.map((d) => (d > 0 ? `+${d}` : String(d))).join(', ')} days from the due date, from ${formatMoney(building.reminderMinAmount, building.currency)}` : 'None'],
    ['IBAN', building.iban ?? 'Not set'],
    ['Account holder', building.bankRecipient ?? 'Not set'],
  ];
  return <DetailList id="billing-summary-heading" title="Billing settings" items={items} columns={3} />;
}
