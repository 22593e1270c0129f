/**
 * What every REST input must be before any schema sees it, checked once at the edge: JSON not nested
 * deeper than MAX_JSON_DEPTH (deeper input overflows recursive code down the line), strings without NUL
 * (Postgres refuses it in text) or unpaired UTF-16 surrogates, path segments that decode, and a JSON
 * object where a body is sent. A failure is a message for a 400; null when the input is fine.
 */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text opens more than `max` arrays/objects inside each other (strings skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

// A NUL, a high surrogate not followed by a low one, or a low one without a high one before it.
const BAD_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where in a parsed JSON value a string (or key) holds a NUL or an unpaired surrogate, as `a.b.0`; null if nowhere. */
export function badStringPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return BAD_CHARACTER.test(value) ? path.join('.') || '(body)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = badStringPath(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (BAD_CHARACTER.test(key)) return [...path, '(key)'].join('.');
      const found = badStringPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The problem with a URL's path or query, if any: a segment that does not decode, or a bad character. */
export function urlProblem(url: URL): string | null {
  for (const segment of url.pathname.split('/')) {
    try {
      if (BAD_CHARACTER.test(decodeURIComponent(segment))) return 'The path holds a character that is not allowed';
    } catch {
      return 'The path is not valid percent-encoded UTF-8';
    }
  }
  try {
    for (const [key, value] of new URLSearchParams(url.search)) {
      // `constructor`, `__proto__`, `toString`…: the OpenAPI adapter collects the query into a plain object.
      if (key in Object.prototype) return `Query parameter ${JSON.stringify(key)} is not allowed`;
      if (BAD_CHARACTER.test(key) || BAD_CHARACTER.test(value)) return `Query parameter ${JSON.stringify(key.replace(BAD_CHARACTER, '?'))} holds a character that is not allowed`;
    }
  } catch {
    return 'The query string is not valid';
  }
  return null;
}

/**
 * The path with every segment that does not decode replaced by a placeholder id, so the router can still
 * find the operation (and check the caller first) before the request is refused.
 */
export function decodablePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return '00000000-0000-0000-0000-000000000000';
      }
    })
    .join('/');
}
