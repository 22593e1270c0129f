import { capBody } from '@/server/api/route-handler';
import { handlers } from '@/server/auth/next-auth';

export const dynamic = 'force-dynamic';

// Auth.js reads its forms (an email, a password, a CSRF token) itself: a few KB at most.
const AUTH_BODY_LIMIT = 64 * 1024;

export const { GET } = handlers;
export const POST = capBody(AUTH_BODY_LIMIT, (req) => handlers.POST(req));
