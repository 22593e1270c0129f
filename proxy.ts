import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';

function decodable(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * Next cannot route a path that is not valid percent-encoded UTF-8 (`/api/buildings/%c0%af`): it fails
 * while decoding the route's parameters, before any handler, with a plain-text 500. Such a request is
 * answered here with the API's error body instead (400, whatever the credentials: no route can be
 * found for it). Every other request passes untouched.
 */
export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.split('/').every(decodable)) return NextResponse.next();
  const body = { error: { code: 'BAD_REQUEST', message: 'The path is not valid percent-encoded UTF-8' } };
  return NextResponse.json(body, { status: 400, headers: { 'X-Request-Id': randomUUID() } });
}

export const config = { matcher: '/api/:path*' };
