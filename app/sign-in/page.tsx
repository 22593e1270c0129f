import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Brand } from '@/components/shell/brand';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { getCurrentUser, homeFor } from '@/server/auth/current-user';
import { requestMagicLink, signInWithPassword } from './actions';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function SignInPage() {
  const user = await getCurrentUser();
  if (user) redirect(homeFor(user.role));
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Brand href="/" />
        </div>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">Sign in</h1>
            <CardDescription>For building managers and residents.</CardDescription>
          </CardHeader>
          <CardContent>
            <SignInForm onPasswordSignIn={signInWithPassword} onMagicLink={requestMagicLink} />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
