import type { ReactNode } from 'react';
import { Brand } from '@/components/shell/brand';

/** The invitation pages' frame: the brand above a narrow card, centred on larger screens. */
export function InviteFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Brand href="/" />
        </div>
        {children}
      </div>
    </main>
  );
}
