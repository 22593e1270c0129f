import type { Metadata } from 'next';
import { MaintenanceList } from './maintenance-list';
import { STATUSES } from './status';

export const metadata: Metadata = { title: 'Maintenance' };

const UUID = /^[0-9a-f-]{36}$/i;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.slice(0, 100) : '');

/** The filters live in the address (?buildingId=…&status=…), as the dashboard's to-do links to them. */
export default async function MaintenancePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const search = await searchParams;
  const status = STATUSES.find((s) => s === one(search.status));
  return <MaintenanceList initial={{ ...(UUID.test(one(search.buildingId)) ? { buildingId: one(search.buildingId) } : {}), ...(status ? { status } : {}) }} />;
}
