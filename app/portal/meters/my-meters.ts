import type { serverApi } from '@/server/api/server-caller';

type Api = Awaited<ReturnType<typeof serverApi>>;
export type MyApartment = Awaited<ReturnType<Api['residents']['myApartments']>>[number];
export type PortalMeter = Awaited<ReturnType<Api['meters']['list']>>['data'][number];
export type ApartmentMeters = { apartment: MyApartment; meters: PortalMeter[] };

/**
 * The caller's apartments with their meters: one meters.list call per building (residents see only their
 * apartments' meters there), grouped by apartment in the order of "my apartments".
 */
export async function loadMyMeters(api: Api): Promise<ApartmentMeters[]> {
  const apartments = await api.residents.myApartments();
  const buildingIds = [...new Set(apartments.map((a) => a.buildingId))];
  const lists = await Promise.all(buildingIds.map((buildingId) => allMeters(api, buildingId)));
  const meters = lists.flat();
  return apartments.map((apartment) => ({ apartment, meters: meters.filter((m) => m.apartmentId === apartment.apartmentId) }));
}

/** Every page of a building's meters (a resident has a handful; the pages are for large buildings). */
async function allMeters(api: Api, buildingId: string): Promise<PortalMeter[]> {
  const out: PortalMeter[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.meters.list({ buildingId, limit: 200, cursor });
    out.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
