'use client';

import { useQuery } from '@tanstack/react-query';
import { Building2Icon, GaugeIcon } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { OptionsSelect } from '@/components/ui/options-select';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { useTRPC } from '@/lib/trpc/react';
import { describeError } from '@/lib/trpc/errors';
import { cn } from '@/lib/utils';
import { METER_TYPES, formatReading, formatUnit } from '@/app/portal/meters/meter-format';
import { LIST_LIMIT, useBuildings } from '../residents/apartment-directory';
import { AddMeterDialog } from './add-meter-dialog';
import { ReadingsQueue } from './readings-queue';

/** Meters and their readings per building: the readings residents sent, waiting for review, and the meters. */
export function MetersView() {
  const buildingsQuery = useBuildings();
  const buildings = (buildingsQuery.data?.data ?? []).map((b) => ({ id: b.id, name: b.name }));
  const [chosen, setChosen] = useState('');
  const building = buildings.find((b) => b.id === chosen) ?? buildings[0];

  let body;
  if (buildingsQuery.isPending) {
    body = <Skeleton className="h-11 w-full max-w-sm" />;
  } else if (buildingsQuery.isError) {
    body = <LoadError what="The buildings" reason={describeError(buildingsQuery.error)} retry={() => void buildingsQuery.refetch()} />;
  } else if (!building) {
    body = (
      <EmptyState icon={Building2Icon} title="No buildings yet" description="Add a building and its apartments first; then its meters and readings appear here.">
        <Button asChild>
          <Link href="/buildings">Go to buildings</Link>
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <div className="grid gap-8">
        <FormField label="Building" className="max-w-sm">
          <OptionsSelect value={building.id} onChange={setChosen} options={buildings.map((b) => ({ value: b.id, label: b.name }))} />
        </FormField>
        <ReadingsQueue key={building.id} buildingId={building.id} buildingName={building.name} />
        <MetersSection key={`meters-${building.id}`} buildingId={building.id} buildingName={building.name} />
      </div>
    );
  }

  return (
    <>
      <PageHeader title="Meters" description="Readings that residents send, waiting for you to confirm or reject, and each building’s meters." />
      {body}
    </>
  );
}

function MetersSection({ buildingId, buildingName }: { buildingId: string; buildingName: string }) {
  const trpc = useTRPC();
  const meters = useQuery(trpc.meters.list.queryOptions({ buildingId, limit: 200 }));
  const apartments = useQuery(trpc.buildings.listApartments.queryOptions({ id: buildingId, limit: LIST_LIMIT }));
  const numbers = new Map((apartments.data?.data ?? []).map((a) => [a.id, a.number]));
  const [adding, setAdding] = useState(false);
  const where = (apartmentId: string | null) => (apartmentId ? `Apt ${numbers.get(apartmentId) ?? '…'}` : 'Common');

  let body;
  if (meters.isPending) {
    body = <Skeleton className="h-24 w-full" />;
  } else if (meters.isError) {
    body = <LoadError what="The meters" reason={describeError(meters.error)} retry={() => void meters.refetch()} />;
  } else if (meters.data.data.length === 0) {
    body = (
      <EmptyState icon={GaugeIcon} title="No meters yet" description={`Add the water, heating, electricity or gas meters of ${buildingName} so that residents can send their readings.`} />
    );
  } else {
    body = (
      <Table>
        <TableCaption className="sr-only">Meters of {buildingName}</TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Apartment</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Serial</TableHead>
            <TableHead className="text-right">Last confirmed</TableHead>
            <TableHead>Read</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {meters.data.data.map((m) => {
            const type = METER_TYPES[m.type];
            const Icon = type.icon;
            return (
              <TableRow key={m.id}>
                <TableCell className="font-medium whitespace-nowrap">{where(m.apartmentId)}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <span className="inline-flex items-center gap-2">
                    <span className={cn('flex size-6 items-center justify-center rounded-full', type.tone)}>
                      <Icon className="size-3.5" aria-hidden="true" />
                    </span>
                    {type.label} <span className="text-muted-foreground">({formatUnit(m.unit)})</span>
                  </span>
                </TableCell>
                <TableCell>{m.serialNumber}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {m.lastReading ? formatReading(m.lastReading.value, m.decimals, m.unit) : '—'}
                </TableCell>
                <TableCell className="whitespace-nowrap">{m.lastReading ? formatDate(m.lastReading.readAt) : 'Never'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    );
  }

  return (
    <section aria-labelledby="building-meters-heading" className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="building-meters-heading" className="text-lg font-semibold">
          Meters of {buildingName}
        </h2>
        <Button variant="outline" onClick={() => setAdding(true)} className="h-11 w-full sm:h-10 sm:w-auto">
          Add meter
        </Button>
      </div>
      {body}
      <AddMeterDialog
        open={adding}
        onOpenChange={setAdding}
        buildingId={buildingId}
        apartments={(apartments.data?.data ?? []).map((a) => ({ id: a.id, number: a.number }))}
      />
    </section>
  );
}
