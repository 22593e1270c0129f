import type { Metadata } from 'next';
import { AuthError } from 'next-auth';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthFrame } from '@/components/shell/auth-frame';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { signIn } from '@/server/auth/next-auth';
import { INVITATION_LINK_PREFIX } from '@/server/domain/link-tokens';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('MagicLinkPage'))('metaTitle') };
}
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
  const t = await getTranslations('MagicLinkPage');
  // A link from an invitation page also accepts the invitation.
  const invitation = token.startsWith(INVITATION_LINK_PREFIX);
  return (
    <AuthFrame title={t('title')} description={invitation ? t('continueInvitation') : t('continueSignIn')}>
      {error ? (
        <Alert variant="destructive" role="alert">
          {invitation ? t('invalidInvitation') : t('invalid')}
        </Alert>
      ) : null}
      <form action={confirm}>
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg" className="w-full">
          {t('submit')}
        </Button>
      </form>
      <p className="text-center text-sm">
        <a className="text-primary underline-offset-4 hover:underline" href="/sign-in">
          {t('back')}
        </a>
      </p>
    </AuthFrame>
  );
}
