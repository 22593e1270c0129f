'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import type { Building } from '../residents/apartment-directory';
import { previousMonth } from './format';
import type { BuildingResult, Period } from './generation';

type Step =
  | { name: 'choose' }
  | { name: 'preview' }
  /** `current`: the building whose request is in flight. */
  | { name: 'generating' | 'done'; results: BuildingResult[]; current: Building | null };

/** The generation's steps and choice, and generating building by building until done or stopped. */
export function useGeneration(buildings: Building[], onBusyChange: (busy: boolean) => void) {
  const words = useErrorWords();
  const trpcClient = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [selected, setSelected] = useState<string[]>(buildings.length === 1 ? [buildings[0]!.id] : []);
  const [period, setPeriod] = useState<Period>(() => previousMonth());
  const stop = useRef(false);
  const chosen = buildings.filter((b) => selected.includes(b.id));

  async function generate() {
    stop.current = false;
    onBusyChange(true);
    const results: BuildingResult[] = [];
    for (const building of chosen) {
      if (stop.current) break;
      setStep({ name: 'generating', results: [...results], current: building });
      try {
        const { data } = await trpcClient.invoices.generate.mutate({ buildingId: building.id, periodStart: period.start, periodEnd: period.end });
        results.push({ building, created: data.created, skipped: data.skipped, error: null });
      } catch (error) {
        results.push({ building, created: 0, skipped: 0, error: describeError(error, words) });
      }
    }
    onBusyChange(false);
    setStep({ name: 'done', results, current: null });
    void queryClient.invalidateQueries(trpc.invoices.pathFilter());
  }

  return {
    step,
    setStep,
    selected,
    setSelected,
    period,
    setPeriod,
    chosen,
    generate,
    /** Stops after the building being generated. */
    stopAfterCurrent: () => {
      stop.current = true;
    },
  };
}
