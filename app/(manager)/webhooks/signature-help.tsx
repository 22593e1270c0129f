import { ShieldCheckIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const CODE = 'font-mono text-foreground wrap-anywhere';

/** How a receiver checks that a delivery came from this service. */
export function SignatureHelp() {
  const t = useTranslations('Webhooks');
  const code = (chunks: ReactNode) => <code className={CODE}>{chunks}</code>;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="signature-help-heading" className="flex items-center gap-2">
          <ShieldCheckIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          {t('signature.title')}
        </CardTitle>
        <CardDescription>{t('signature.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ol className="grid list-decimal gap-2 pl-5">
          <li>{t.rich('signature.step1', { strong: (chunks) => <span className="font-medium">{chunks}</span>, code, prefix: 'whsec_…' })}</li>
          <li>{t.rich('signature.step2', { code, header: 'X-Service-Signature: sha256=<hex>' })}</li>
          <li>{t.rich('signature.step3', { code, header: 'sha256=<new>,sha256=<old>' })}</li>
        </ol>
        <p className="text-muted-foreground">
          {t.rich('signature.retries', {
            code,
            header: 'X-Service-Delivery',
            link: (chunks) => (
              // A route handler, not a page: a plain link, no client-side navigation.
              // eslint-disable-next-line @next/next/no-html-link-for-pages
              <a href="/api/docs" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
                {chunks}
              </a>
            ),
          })}
        </p>
      </CardContent>
    </Card>
  );
}
