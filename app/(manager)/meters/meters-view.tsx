'use client';

import { useQuery } from '@tanstack/react-query';
import { Building2Icon, EllipsisVerticalIcon, GaugeIcon, PencilIcon, ReplaceIcon, Trash2Icon } from 'lucide-react';
import Link from 'next/link';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { OptionsSelect } from '@/components/ui/options-select';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { Notice } from '@/components/ui/notice';
import { formatDate } from '@/lib/format';
import { useTRPC } from '@/lib/trpc/react';
import { describeError } from '@/lib/trpc/errors';
import { cn } from '@/lib/utils';
import { METER_TYPES, formatReading, formatUnit } from '@/app/portal/meters/meter-format';
import { LIST_LIMIT, useBuildings } from '../residents/apartment-directory';
import { AddMeterDialog } from './add-meter-dialog';
import { useBuildingMeters, type BuildingMeter } from './building-meters';
import { DeleteMeterDialog } from './delete-meter-dialog';
import { EditMeterDialog } from './edit-meter-dialog';
import { ReadingsQueue } from './readings-queue';
import { ReplaceMeterDialog } from './replace-meter-dialog';

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
        <div className="flex flex-wrap items-end justify-between gap-4">
          <FormField label="Building" className="w-full max-w-sm">
            <OptionsSelect value={building.id} onChange={setChosen} options={buildings.map((b) => ({ value: b.id, label: b.name }))} />
          </FormField>
          <a href={`/api/readings/export?buildingId=${building.id}`} download className="inline-flex min-h-10 items-center font-medium text-primary underline-offset-4 hover:underline">
            Export readings (CSV)
          </a>
        </div>
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

type Action = { kind: 'edit' | 'replace' | 'delete'; meter: BuildingMeter; key: number };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function MetersSection({ buildingId, buildingName }: { buildingId: string; buildingName: string }) {
  const trpc = useTRPC();
  const { query: meters, meters: rows, loadingAll } = useBuildingMeters(buildingId);
  const apartments = useQuery(trpc.buildings.listApartments.queryOptions({ id: buildingId, limit: LIST_LIMIT }));
  const numbers = new Map((apartments.data?.data ?? []).map((a) => [a.id, a.number]));
  const [adding, setAdding] = useState(false);
  const where = (apartmentId: string | null) => (apartmentId ? `Apt ${numbers.get(apartmentId) ?? '…'}` : 'Common');
  const labelOf = (m: BuildingMeter) => `${where(m.apartmentId)} · ${METER_TYPES[m.type].label} ${m.serialNumber}`;

  const [action, setAction] = useState<Action | null>(null);
  const [actionOpen, setActionOpen] = useState(false);
  const [notice, setNotice] = useState<{ key: number; text: string } | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function start(kind: Action['kind'], meter: BuildingMeter) {
    setAction((previous) => ({ kind, meter, key: (previous?.key ?? 0) + 1 }));
    setActionOpen(true);
  }
  /** The row's actions button that is on screen (the table on wide screens, the list on phones). */
  const triggerOf = (id: string) =>
    [...(sectionRef.current?.querySelectorAll<HTMLElement>(`[data-meter-actions="${CSS.escape(id)}"]`) ?? [])].find((el) => el.offsetParent !== null) ?? null;
  const outcome = () => noticeRef.current ?? headingRef.current;
  const announce = (text: string) => setNotice({ key: Date.now(), text });

  const menu = (m: BuildingMeter) => <MeterActions meter={m} label={labelOf(m)} onAction={(kind) => start(kind, m)} />;

  let body;
  if (meters.isPending) {
    body = <Skeleton className="h-24 w-full" />;
  } else if (meters.isError && rows.length === 0) {
    body = <LoadError what="The meters" reason={describeError(meters.error)} retry={() => void meters.refetch()} />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState icon={GaugeIcon} title="No meters yet" description={`Add the water, heating, electricity or gas meters of ${buildingName} so that residents can send their readings.`} />
    );
  } else {
    body = (
      <>
        {meters.isFetchNextPageError && (
          <LoadError what="Some of the meters" reason={describeError(meters.error)} retry={() => void meters.fetchNextPage()} />
        )}
        <ResponsiveList
          items={rows}
          from="md"
          listLabel={`Meters of ${buildingName}`}
          caption={`Meters of ${buildingName}`}
          busy={meters.isFetching}
          columns={[
            { header: 'Apartment', cellClassName: 'font-medium whitespace-nowrap', cell: (m) => where(m.apartmentId) },
            { header: 'Type', cellClassName: 'whitespace-nowrap', cell: (m) => <MeterType meter={m} /> },
            {
              header: 'Serial',
              cell: (m) => (
                <span className="inline-flex flex-wrap items-center gap-2">
                  {m.serialNumber}
                  <SeriesBadge meter={m} />
                </span>
              ),
            },
            { header: 'Last confirmed', headClassName: 'text-right', cellClassName: 'text-right whitespace-nowrap tabular-nums', cell: lastValue },
            { header: 'Read', cellClassName: 'whitespace-nowrap', cell: lastDate },
            { header: <span className="sr-only">Actions</span>, headClassName: 'w-14', cellClassName: 'py-1 pr-2 text-right', cell: menu },
          ]}
          cardClassName="flex items-start gap-2 py-3 pr-1 pl-4"
          card={(m) => (
            <>
              <div className="grid min-w-0 flex-1 gap-1 text-sm">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
                  {where(m.apartmentId)} · <MeterType meter={m} />
                </p>
                <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  Serial {m.serialNumber}
                  <SeriesBadge meter={m} />
                </p>
                <p className="text-muted-foreground">
                  Last confirmed <span className="font-medium text-foreground tabular-nums">{lastValue(m)}</span>
                  {m.lastReading && ` on ${formatDate(m.lastReading.readAt)}`}
                </p>
              </div>
              {menu(m)}
            </>
          )}
        />
      </>
    );
  }

  const active = action?.meter;
  return (
    <section ref={sectionRef} aria-labelledby="building-meters-heading" className="grid gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h2 id="building-meters-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-none">
            Meters of {buildingName}
          </h2>
          {!meters.isPending && !meters.isError && (
            <p className="text-sm text-muted-foreground" data-testid="meters-count" aria-live="polite">
              {loadingAll ? `Loading all meters… ${rows.length} so far` : plural(rows.length, 'meter')}
            </p>
          )}
        </div>
        <Button variant="outline" onClick={() => setAdding(true)} className="h-11 w-full sm:h-10 sm:w-auto">
          Add meter
        </Button>
      </div>
      {notice && (
        <Notice key={notice.key} ref={noticeRef} ring>
          {notice.text}
        </Notice>
      )}
      {body}
      <AddMeterDialog
        open={adding}
        onOpenChange={setAdding}
        buildingId={buildingId}
        apartments={(apartments.data?.data ?? []).map((a) => ({ id: a.id, number: a.number }))}
        onAdded={announce}
      />
      {action?.kind === 'edit' && active && (
        <EditMeterDialog
          key={action.key}
          meter={active}
          label={labelOf(active)}
          open={actionOpen}
          onOpenChange={setActionOpen}
          onSaved={announce}
          returnFocus={() => triggerOf(active.id)}
        />
      )}
      {action?.kind === 'replace' && active && (
        <ReplaceMeterDialog
          key={action.key}
          meter={active}
          label={labelOf(active)}
          open={actionOpen}
          onOpenChange={setActionOpen}
          onReplaced={announce}
          returnFocus={() => triggerOf(active.id)}
        />
      )}
      {action?.kind === 'delete' && active && (
        <DeleteMeterDialog
          key={action.key}
          meter={active}
          label={labelOf(active)}
          open={actionOpen}
          onOpenChange={setActionOpen}
          onDeleted={announce}
          onMarkReplaced={() => start('replace', active)}
          focusAfterDelete={outcome}
          returnFocus={() => triggerOf(active.id)}
        />
      )}
    </section>
  );
}

function MeterType({ meter }: { meter: BuildingMeter }) {
  const type = METER_TYPES[meter.type];
  const Icon = type.icon;
  return (
    <span className="inline-flex items-center gap-2">
      <span className={cn('flex size-6 items-center justify-center rounded-full', type.tone)}>
        <Icon className="size-3.5" aria-hidden="true" />
      </span>
      {type.label} <span className="text-muted-foreground">({formatUnit(meter.unit)})</span>
    </span>
  );
}

/** A meter marked replaced counts its readings in a new series; the first series needs no mention. */
function SeriesBadge({ meter }: { meter: BuildingMeter }) {
  if (meter.series <= 1) return null;
  return (
    <Badge variant="secondary" title="Marked replaced: readings are compared within this series only">
      Series {meter.series}
    </Badge>
  );
}

function lastValue(m: BuildingMeter): string {
  if (m.lastReading) return formatReading(m.lastReading.value, m.decimals, m.unit);
  return m.series > 1 ? 'None in this series' : '—';
}

function lastDate(m: BuildingMeter): string {
  return m.lastReading ? formatDate(m.lastReading.readAt) : 'Never';
}

/** The row's actions behind one 44 px button, so they stay in reach on a phone. */
function MeterActions({ meter, label, onAction }: { meter: BuildingMeter; label: string; onAction: (kind: Action['kind']) => void }) {
  return (
    // Not modal: the dialogs that the items open manage focus and the rest of the page themselves.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" data-meter-actions={meter.id} aria-label={`Actions for ${label}`} className="shrink-0">
          <EllipsisVerticalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem className="min-h-11" onSelect={() => onAction('edit')}>
          <PencilIcon aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem className="min-h-11" onSelect={() => onAction('replace')}>
          <ReplaceIcon aria-hidden="true" />
          Mark replaced
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem className="min-h-11 text-destructive data-[highlighted]:text-destructive" onSelect={() => onAction('delete')}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
