import { describe, expect, it } from 'vitest';
import { GET as asset } from './[asset]/route';
import { GET as page } from './route';

function getAsset(name: string): Promise<Response> {
  return asset(new Request(`http://localhost:3000/api/docs/${name}`), { params: Promise.resolve({ asset: name }) });
}

/** The src and href attributes of the page: everything the browser loads before Swagger UI runs. */
function references(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
}

describe('GET /api/docs', () => {
  it('is Swagger UI loaded only from our own server', async () => {
    const res = page();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();

    const refs = references(html);
    expect(refs.sort()).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']);
    // Same origin: no scheme, no protocol-relative //host, and no other URL anywhere in the page.
    for (const ref of refs) expect(ref).toMatch(/^\/[^/]/);
    expect(html).not.toMatch(/https?:|\/\/[a-z]/i);
  });

  it('reads the OpenAPI document from our server and never calls the online validator', async () => {
    const html = await page().text();
    const call = /SwaggerUIBundle\((\{.*\})\);/.exec(html);
    expect(call).not.toBeNull();
    const config = JSON.parse(call![1]!) as Record<string, unknown>;
    expect(config).toMatchObject({ url: '/api/openapi.json', dom_id: '#swagger-ui' });
    expect(config).toHaveProperty('validatorUrl', null);
    expect(html).toContain('<div id="swagger-ui"></div>');
  });

  it('serves the script and the stylesheet from node_modules/swagger-ui-dist, with nothing to fetch from the internet', async () => {
    const js = await getAsset('swagger-ui-bundle.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await js.text();
    expect(script).toContain('SwaggerUIBundle');

    const css = await getAsset('swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const style = await css.text();
    expect(style).toContain('.swagger-ui');
    // No web fonts or other stylesheets: every url(...) in the CSS is an inline data: URL.
    expect(style).not.toContain('@import');
    const urls = [...style.matchAll(/url\(\s*["']?([^"')]*)/g)].map((m) => m[1]!);
    expect(urls.filter((u) => !u.startsWith('data:'))).toEqual([]);

    for (const text of [script, style]) {
      expect(text).not.toMatch(/fonts\.googleapis|fonts\.gstatic|unpkg\.com|jsdelivr|cdnjs|scarf\.sh/);
    }
  });

  it('serves no other file of the package', async () => {
    for (const name of ['index.html', 'swagger-initializer.js', 'swagger-ui-bundle.js.map', 'package.json', '..%2Fpackage.json', '../../package.json', 'constructor', '__proto__']) {
      const res = await getAsset(name);
      expect(res.status, name).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    }
  });
});
