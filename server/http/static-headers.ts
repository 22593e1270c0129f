/**
 * The headers on every answer, pages and API alike (the CSP and HSTS are per request: proxy.ts). Read by
 * next.config.ts for what Next serves and by server/http/app-server.ts for the REST API it serves itself.
 */
export const SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // Meter photos are taken through <input type="file" capture>, the phone's own camera app, which
  // needs no permission here; the page itself never opens a camera, microphone or location.
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

/** Framing: none, except the invoice PDF, which the invoice page previews in an iframe. */
export const FRAME_OPTIONS = { default: 'DENY', invoicePdf: 'SAMEORIGIN' } as const;
