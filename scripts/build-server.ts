/**
 * `npm run build`'s last step: server.ts and the modules it imports (the REST stack, the start-up, the jobs) bundled
 * into .next/app-server/ for `npm start`, packages left to node_modules. Run through tsx instead, the server kept tsx's
 * module loader on a thread of its own with its own V8 heap: about 100 MB of its resident memory.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_BUILD_DIR = '.next/app-server';

/** Bundles into `outDir` (inside the project, so the bundle finds node_modules): server.mjs and pdf-worker.mjs. */
export async function buildServer(outDir = SERVER_BUILD_DIR): Promise<void> {
  // Chunks are named by their content: a rebuild must not leave the last build's beside them.
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    // The server, and the worker its invoice PDFs are rendered on (server/pdf/pdf-threads.ts), beside it.
    entryPoints: { server: 'server.ts', 'pdf-worker': 'server/pdf/pdf-worker.ts' },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Each of server.ts's dynamic imports stays a chunk of its own, loaded when it is imported: NODE_ENV is set and
    // Next is loaded before the modules that read them, as under tsx.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Node's ESM loader needs the file of a package without an exports map.
    alias: { 'next/server': 'next/server.js' },
    logLevel: 'warning',
  });
}

// Run as a script (npm run build), not imported (its test).
if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) await buildServer();
