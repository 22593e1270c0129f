'use client';

import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { Translate } from '@/app/portal/translate';
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

/** "Tamme 12 · Apt 4" as `t` (the ApartmentPicker namespace) says it; the parts not known (yet) are left out or said plainly. */
function apartmentLabelWith(t: Translate) {
  return (buildingName: string | undefined, number: string | undefined): string => {
    if (buildingName && number) return t('full', { building: buildingName, number });
    if (buildingName) return t('someApartment', { building: buildingName });
    if (number) return t('numberOnly', { number });
    return t('unknown');
  };
}

/** An apartment's label ("Tamme 12 · Apt 4") in the reader's language: `(buildingName, number) => string`. */
export function useApartmentLabel() {
  return apartmentLabelWith(useTranslations('ApartmentPicker'));
}

/**
 * The apartments of the building chosen in a form, for its apartment picker: in number order, as options
 * ("Apt 4"), with the picker's placeholder for each state and a hint when they could not be loaded.
 */
export function useApartmentChoices(buildingId: string) {
  const t = useTranslations('ApartmentPicker');
  const trpc = useTRPC();
  const query = useQuery(trpc.buildings.listApartments.queryOptions({ id: buildingId, limit: LIST_LIMIT }, { enabled: buildingId !== '' }));
  const apartments = [...(query.data?.data ?? [])].sort((a, b) => compareApartmentNumbers(a.number, b.number));
  const placeholder = !buildingId
    ? t('chooseBuildingFirst')
    : query.isPending
      ? t('loading')
      : apartments.length === 0
        ? t('noApartments')
        : t('chooseApartment');
  return {
    query,
    apartments,
    options: apartments.map((a) => ({ value: a.id, label: t('numberOnly', { number: a.number }) })),
    placeholder,
    loadError: query.isError ? t('loadError') : undefined,
  };
}
