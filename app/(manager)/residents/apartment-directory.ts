'use client';

import { useQueries, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc/react';
import { compareApartmentNumbers } from '@/server/domain/apartment-number';

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

/**
 * The apartments of the building chosen in a form, for its apartment picker: in number order, as options
 * ("Apt 4"), with the picker's placeholder for each state and a hint when they could not be loaded.
 */
export function useApartmentChoices(buildingId: string) {
  const trpc = useTRPC();
  const query = useQuery(trpc.buildings.listApartments.queryOptions({ id: buildingId, limit: LIST_LIMIT }, { enabled: buildingId !== '' }));
  const apartments = [...(query.data?.data ?? [])].sort((a, b) => compareApartmentNumbers(a.number, b.number));
  const placeholder = !buildingId
    ? 'Choose a building first'
    : query.isPending
      ? 'Loading apartments…'
      : apartments.length === 0
        ? 'This building has no apartments'
        : 'Choose an apartment';
  return {
    query,
    apartments,
    options: apartments.map((a) => ({ value: a.id, label: `Apt ${a.number}` })),
    placeholder,
    loadError: query.isError ? 'The apartments could not be loaded. Choose the building again.' : undefined,
  };
}
