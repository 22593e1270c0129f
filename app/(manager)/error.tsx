'use client';

import { ErrorState } from '@/components/shell/error-state';

// Inside the shell, so the navigation stays usable when one page fails.
export default function ManagerError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorState error={error} retry={retry} titleAs="h1" />;
}
