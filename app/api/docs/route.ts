import { createHash } from 'node:crypto';

export const dynamic = 'force-static';

/** Swagger UI's settings: the document from our own server, and no call to validator.swagger.io. */
const config = { url: '/api/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true };

const script = `window.ui = SwaggerUIBundle(${JSON.stringify(config)});`;

// Swagger UI, loaded from our own server (/api/docs/[asset]) so the page works offline.
const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Property Billing API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script>${script}</script>
  </body>
</html>`;

/**
 * Its own CSP (the pages' one is made in proxy.ts for app pages only): our scripts plus the inline
 * start-up script by its hash; Swagger UI styles elements inline and shows data: images.
 */
const csp = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function GET(): Response {
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp } });
}
