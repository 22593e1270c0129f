import { serverApi, type MyApartment } from '../requests/server-api';

type Api = Awaited<ReturnType<typeof serverApi>>;
export type PortalMeter = Awaited<ReturnType<Api['meters']['list']>>['data'][number];
export type ApartmentMeters = { apartment: MyApartment; meters: PortalMeter[] };

/**
 * The caller's apartments with their meters: one meters.list call per building (residents see only their
 * apartments' meters there), grouped by apartment in the order of "my apartments".
 */
export async function loadMyMeters(api: Api): Promise<ApartmentMeters[]> {
  const apartments = await api.residents.myApartments();
  const buildingIds = [...new Set(apartments.map((a) => a.buildingId))];
  const lists = await Promise.all(buildingIds.map((buildingId) => api.meters.list({ buildingId })));
  const meters = lists.flatMap((l) => l.data);
  return apartments.map((apartment) => ({ apartment, meters: meters.filter((m) => m.apartmentId === apartment.apartmentId) }));
}
