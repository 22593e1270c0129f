'use client';

import { ErrorState } from '@/components/shell/error-state';

// Inside the portal shell, so the bottom navigation stays usable when one page fails.
export default function PortalError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorState error={error} retry={retry} titleAs="h1" />;
}
