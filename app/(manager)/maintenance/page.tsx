import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { definedOnly, listParams, type SearchParams } from '@/lib/list-params';
import { MAINTENANCE_SORTS } from './maintenance-query';
import { MaintenanceList } from './maintenance-list';
import { STATUSES } from './status';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Maintenance'))('title') };
}

/** The filters live in the address (?q=…&buildingId=…&status=…&sort=…), as the dashboard's to-do links to them. */
export default async function MaintenancePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const p = listParams(await searchParams);
  return <MaintenanceList initial={definedOnly({ buildingId: p.uuid('buildingId'), status: p.oneOf('status', STATUSES), q: p.text('q'), sort: p.sort(MAINTENANCE_SORTS) })} />;
}
