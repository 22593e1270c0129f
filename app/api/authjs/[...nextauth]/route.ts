import { handlers } from '@/server/auth/next-auth';

export const dynamic = 'force-dynamic';
export const { GET, POST } = handlers;
