export const dynamic = 'force-static';

// Scalar's API reference, loaded from our own server (scalar.js) so the page works offline.
const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Property Billing API reference</title>
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json"></script>
    <script src="/api/docs/scalar.js"></script>
  </body>
</html>`;

export function GET(): Response {
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
