import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Brand } from './brand';
import { LanguageSelect } from './language-select';

/**
 * The frame of the pages a person sees before signing in (sign-in, magic link, invitation): the brand above a
 * narrow card with the page's heading, centred on larger screens, and the language choice below it.
 */
export function AuthFrame({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Brand href="/" />
        </div>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent className="space-y-4">{children}</CardContent>
        </Card>
        <div className="mt-6">
          <LanguageSelect />
        </div>
      </div>
    </main>
  );
}

/** "—— or ——" between two ways of signing in. */
export function OrDivider({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      {children}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
