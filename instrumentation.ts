// Next calls register() once when a server process starts, before it answers requests.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // Under `npm start` (server.ts) it has all been done before the server listened, from the server's own copy of
  // the modules: Next's bundle need not load them too.
  const { startupRun } = await import('./server/startup-state');
  const begun = startupRun();
  if (begun) return begun;
  // First, so that every request's client address is the socket's (rate limits per IP).
  const { stampSocketAddresses } = await import('./server/http/socket-address');
  stampSocketAddresses();
  const { startServer } = await import('./server/startup');
  await startServer();
}
