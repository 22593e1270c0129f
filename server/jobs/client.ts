import { Inngest } from 'inngest';
import { env, useInngestCloud } from '@/server/env';
import { EMBEDDED_BASE_URL, embeddedFetch } from './embedded/ingest';
import { inngestLogger } from './inngest-logger';

/**
 * With INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY the functions run on Inngest (cloud or self-hosted via
 * INNGEST_BASE_URL), which calls /api/inngest. Without them the same functions run in this process: the
 * client's `fetch` stores events as runs in Postgres/PGlite and the embedded driver calls the serve
 * handler directly (server/jobs/embedded).
 */
export const inngest = new Inngest({
  id: 'property-billing',
  logger: inngestLogger,
  ...(useInngestCloud
    ? { eventKey: env.INNGEST_EVENT_KEY, signingKey: env.INNGEST_SIGNING_KEY }
    : {
        // Dev mode: no signature checks (only our in-process driver calls the handler; the public
        // /api/inngest route is closed in this mode) and no real network.
        isDev: true,
        baseUrl: EMBEDDED_BASE_URL,
        fetch: embeddedFetch,
        checkpointing: false,
      }),
});
