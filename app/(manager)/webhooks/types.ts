import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type Outputs = inferRouterOutputs<AppRouter>['webhooks'];

export type WebhookEndpoint = Outputs['list']['data'][number];
export type DeliveryAttempt = Outputs['deliveries']['data'][number];
/** A secret the server returns once: after adding an endpoint and after rotating its secret. */
export type ShownSecret = { key: number; endpointId: string; url: string; secret: string; rotated: boolean; previousSecretExpiresAt: string | null };
