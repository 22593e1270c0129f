import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthFrame } from '@/components/shell/auth-frame';
import { getCurrentUser, homeFor } from '@/server/auth/current-user';
import { MAGIC_LINK_TTL_MINUTES } from '@/server/domain/link-tokens';
import { requestMagicLink, signInWithPassword } from './actions';
import { SignInForm } from './sign-in-form';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('SignIn'))('title') };
}
export const dynamic = 'force-dynamic';

export default async function SignInPage() {
  const user = await getCurrentUser();
  if (user) redirect(homeFor(user.role));
  const t = await getTranslations('SignIn');
  return (
    <AuthFrame title={t('title')} description={t('description')}>
      <SignInForm onPasswordSignIn={signInWithPassword} onMagicLink={requestMagicLink} linkMinutes={MAGIC_LINK_TTL_MINUTES} />
    </AuthFrame>
  );
}
