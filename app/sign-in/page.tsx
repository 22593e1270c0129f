import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Brand } from '@/components/shell/brand';
import { LanguageSelect } from '@/components/shell/language-select';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
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
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Brand href="/" />
        </div>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">{t('title')}</h1>
            <CardDescription>{t('description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <SignInForm onPasswordSignIn={signInWithPassword} onMagicLink={requestMagicLink} linkMinutes={MAGIC_LINK_TTL_MINUTES} />
          </CardContent>
        </Card>
        <div className="mt-6">
          <LanguageSelect />
        </div>
      </div>
    </main>
  );
}
