'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/lib/trpc/react';

/** A background job's progress, polled every second until it is done or failed. */
export function useJob(jobId: string | null) {
  const trpc = useTRPC();
  return useQuery(
    trpc.jobs.get.queryOptions(
      { id: jobId ?? '' },
      {
        enabled: jobId !== null,
        staleTime: 0,
        refetchInterval: (query) => {
          const status = query.state.data?.data.status;
          return status === 'done' || status === 'failed' ? false : 1000;
        },
      },
    ),
  );
}

export function jobFinished(status: string | undefined): boolean {
  return status === 'done' || status === 'failed';
}
