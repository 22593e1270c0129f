'use client';

import { useQueries, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc/react';

/** The most the pickers and labels load per building (the API's page limit). */
export const LIST_LIMIT = 200;

export type Building = { id: string; name: string };
export type ApartmentEntry = { id: string; number: string; buildingId: string; buildingName: string };

/** The tenant's buildings, for filters and pickers (first 200 by name). */
export function useBuildings() {
  const trpc = useTRPC();
  return useQuery(trpc.buildings.list.queryOptions({ limit: LIST_LIMIT }));
}

/**
 * Apartment numbers for labels such as "Tamme 12 · Apt 4": the apartments of the given buildings, loaded
 * alongside (tRPC batches the calls into one request). Records carry ids only, so this names them.
 */
export function useApartmentDirectory(buildings: Building[]) {
  const trpc = useTRPC();
  return useQueries({
    queries: buildings.map((b) => trpc.buildings.listApartments.queryOptions({ id: b.id, limit: LIST_LIMIT })),
    combine: (results) => {
      const byId = new Map<string, ApartmentEntry>();
      results.forEach((result, i) => {
        const building = buildings[i];
        if (!building || !result.data) return;
        for (const apartment of result.data.data) {
          byId.set(apartment.id, { id: apartment.id, number: apartment.number, buildingId: building.id, buildingName: building.name });
        }
      });
      return { byId, isPending: results.some((r) => r.isPending) };
    },
  });
}

/** "Tamme 12 · Apt 4"; the parts not known (yet) are left out or said plainly. */
export function apartmentLabel(buildingName: string | undefined, number: string | undefined): string {
  if (buildingName && number) return `${buildingName} · Apt ${number}`;
  if (buildingName) return `${buildingName} · an apartment`;
  if (number) return `Apt ${number}`;
  return 'Apartment';
}
