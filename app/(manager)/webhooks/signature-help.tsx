import { ShieldCheckIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const CODE = 'font-mono text-foreground wrap-anywhere';

/** How a receiver checks that a delivery came from this service. */
export function SignatureHelp() {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="signature-help-heading" className="flex items-center gap-2">
          <ShieldCheckIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          Checking the signature
        </CardTitle>
        <CardDescription>Every delivery is signed, so your receiver can check that it came from this service and was not changed.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ol className="grid list-decimal gap-2 pl-5">
          <li>
            Compute the HMAC-SHA256 of the <span className="font-medium">raw request body</span>, byte for byte as received (before parsing
            the JSON), keyed with the whole signing secret, <code className={CODE}>whsec_…</code> included.
          </li>
          <li>
            Compare its lowercase hex with the header <code className={CODE}>X-Service-Signature: sha256=&lt;hex&gt;</code>, in constant
            time.
          </li>
          <li>
            During a secret rotation the header holds two values, comma-separated, the new secret’s first:{' '}
            <code className={CODE}>sha256=&lt;new&gt;,sha256=&lt;old&gt;</code>. Accept the delivery when either matches.
          </li>
        </ol>
        <p className="text-muted-foreground">
          <code className={CODE}>X-Service-Delivery</code> stays the same on every retry of a delivery, so a receiver can skip one it has
          already handled. Endpoints and their delivery log can also be managed through the REST API; see the{' '}
          {/* A route handler, not a page: a plain link, no client-side navigation. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/api/docs" className="font-medium text-primary underline underline-offset-4 hover:no-underline">
            API documentation
          </a>
          .
        </p>
      </CardContent>
    </Card>
  );
}
