'use client';

import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, Building2Icon, CircleAlertIcon, CircleCheckIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import Link from 'next/link';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useTRPC } from '@/lib/trpc/react';
import { describeError, errorCode } from '@/lib/trpc/errors';
import type { Building } from '../types';
import { ApartmentsSection } from './apartments-section';
import { ChargeRulesEditor } from './charge-rules-editor';
import { DeleteBuildingDialog } from './delete-building-dialog';
import { EditBuildingDialog } from './edit-building-dialog';

function BackLink() {
  return (
    <Link
      href="/buildings"
      className="mb-4 inline-flex min-h-10 items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      All buildings
    </Link>
  );
}

/** A building: its details and billing settings, its apartments and its charge rules with a preview. */
export function BuildingDetails({ id }: { id: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.buildings.get.queryOptions({ id }));

  if (query.isPending) {
    return (
      <div role="status" className="grid gap-6">
        <span className="sr-only">Loading the building…</span>
        <div className="grid gap-2">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-full max-w-md" />
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }

  if (query.isError) {
    const code = errorCode(query.error);
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') {
      return (
        <EmptyState
          icon={Building2Icon}
          titleAs="h1"
          title="Building not found"
          description="It may have been deleted, or the link is not complete."
        >
          <Button asChild>
            <Link href="/buildings">All buildings</Link>
          </Button>
        </EmptyState>
      );
    }
    return (
      <>
        <BackLink />
        <h1 className="mb-4 text-2xl font-semibold tracking-tight">Building</h1>
        <Alert variant="destructive" role="alert">
          <CircleAlertIcon aria-hidden="true" />
          <div className="grid gap-2">
            <p>The building could not be loaded. {describeError(query.error)}</p>
            <div>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        </Alert>
      </>
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
      <BackLink />
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
        <Alert ref={noticeRef} tabIndex={-1} variant="success" role="status" className="mb-6 focus-visible:outline-none">
          <CircleCheckIcon aria-hidden="true" />
          <p>{notice}</p>
        </Alert>
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
    ['IBAN', building.iban ?? 'Not set'],
    ['Account holder', building.bankRecipient ?? 'Not set'],
  ];
  return (
    <section aria-labelledby="billing-summary-heading" className="rounded-lg border bg-card p-4 sm:p-6">
      <h2 id="billing-summary-heading" className="sr-only">
        Billing settings
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:gap-x-6 lg:grid-cols-3">
        {items.map(([term, value]) => (
          <div key={term} className="grid min-w-0 gap-0.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
