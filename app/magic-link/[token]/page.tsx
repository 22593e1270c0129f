import type { Metadata } from 'next';
import { AuthError } from 'next-auth';
import { redirect } from 'next/navigation';
import { Brand } from '@/components/shell/brand';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { signIn } from '@/server/auth/next-auth';
import { INVITATION_LINK_PREFIX } from '@/server/domain/link-tokens';

export const metadata: Metadata = { title: 'Sign in with your link' };
export const dynamic = 'force-dynamic';

// Opening the link only shows this page; the button's POST uses the link. Mail scanners that
// fetch links in advance therefore cannot burn it.
async function confirm(formData: FormData): Promise<void> {
  'use server';
  const token = String(formData.get('token') ?? '');
  try {
    await signIn('magic-link', { token, redirectTo: '/' });
  } catch (err) {
    if (err instanceof AuthError) redirect(`/magic-link/${encodeURIComponent(token)}?error=invalid`);
    throw err;
  }
}

export default async function MagicLinkPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ error?: string }> }) {
  const { token } = await params;
  const { error } = await searchParams;
  // A link from an invitation page also accepts the invitation.
  const invitation = token.startsWith(INVITATION_LINK_PREFIX);
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Brand href="/" />
        </div>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">Sign in</h1>
            <CardDescription>
              {invitation ? 'Continue to accept your invitation and sign in.' : 'Continue to sign in with the link from your email.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {error ? (
              <Alert variant="destructive" role="alert">
                {invitation
                  ? 'This link is not valid any more: it was used, it expired or the invitation was cancelled. Open your invitation again for a new link, or ask your building manager to invite you again.'
                  : 'This link is not valid any more: it was used, it expired or it was mistyped. Ask for a new one on the sign-in page.'}
              </Alert>
            ) : null}
            <form action={confirm}>
              <input type="hidden" name="token" value={token} />
              <Button type="submit" size="lg" className="w-full">
                Sign in
              </Button>
            </form>
            <p className="text-center text-sm">
              <a className="text-primary underline-offset-4 hover:underline" href="/sign-in">
                Back to sign-in
              </a>
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
