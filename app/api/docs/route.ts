export const dynamic = 'force-static';

/** Swagger UI's settings: the document from our own server, and no call to validator.swagger.io. */
const config = { url: '/api/openapi.json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true };

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
    <script>
      window.ui = SwaggerUIBundle(${JSON.stringify(config)});
    </script>
  </body>
</html>`;

export function GET(): Response {
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}
