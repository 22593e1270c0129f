'use client';

import { TriangleAlertIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export type ErrorStateProps = { error: unknown; retry: () => void; titleAs?: 'h1' | 'h2' };

/** The body of every error.tsx: an apology, the log reference and a retry. */
export function ErrorState({ error, retry, titleAs }: ErrorStateProps) {
  // Server errors reach the browser without details; the digest matches the server's log line.
  const digest =
    error instanceof Error && 'digest' in error && typeof error.digest === 'string' ? error.digest : undefined;

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <EmptyState
      icon={TriangleAlertIcon}
      title="Something went wrong"
      titleAs={titleAs}
      description={
        <>
          <p>This page could not be shown. Trying again often helps; if it keeps happening, contact support.</p>
          {digest && (
            <p className="mt-2">
              Reference: <code className="font-mono">{digest}</code>
            </p>
          )}
        </>
      }
    >
      <Button onClick={retry}>Try again</Button>
    </EmptyState>
  );
}
