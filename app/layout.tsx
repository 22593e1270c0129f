import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { TRPCReactProvider } from '@/lib/trpc/react';
import './globals.css';

/** The product's name stays as it is in every language; the description is the reader's. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Shell');
  return { title: { default: 'Property Billing', template: '%s · Property Billing' }, description: t('productDescription') };
}

export const viewport: Viewport = {
  themeColor: '#ffffff',
  // Lets the resident portal's bottom bar pad itself for the home indicator on notched phones.
  viewportFit: 'cover',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The CSP's nonce is made per request (proxy.ts), so no page may be prerendered without it.
  await connection();
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-dvh font-sans">
        <NextIntlClientProvider>
          <TRPCReactProvider>{children}</TRPCReactProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
