'use client';

import { ErrorState } from '@/components/shell/error-state';

export default function RootError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center px-4 py-12">
      <ErrorState error={error} retry={retry} titleAs="h1" />
    </main>
  );
}
