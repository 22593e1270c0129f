import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

/**
 * `npm start`'s arguments to Node (package.json's `start` script: `node <flags> <server>`): the benches run Node
 * themselves, not npm, so the process measured is the server alone, started as `npm start` starts it. Flags are
 * written as `--flag` or `--flag=value` (a flag with a separate value, `-r ./preload.js`, would be taken for the
 * server); the server is the first argument that names a .js, .mjs or .cjs file.
 */
export function startArguments(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (command !== 'node' || !args.some(isServerFile)) throw new Error(`npm start is not \`node <flags> <server file>\`: ${pkg.scripts.start}`);
  return args;
}

/** The built server `npm start` runs, relative to the project (present after `npm run build`). */
export function startServerFile(): string {
  return startArguments().find(isServerFile)!;
}

/** Whether the build `npm start` needs is there. */
export function serverBuilt(): boolean {
  return fs.existsSync(path.join(process.cwd(), startServerFile()));
}

const isServerFile = (a: string) => !a.startsWith('-') && /\.[mc]?js$/.test(a);

/** V8's flags that Node also takes in NODE_OPTIONS (the rest of `process.allowedNodeEnvironmentFlags` are Node's own). */
const V8_FLAGS_NODE_TAKES = new Set(['--max-old-space-size', '--max-semi-space-size', '--stack-trace-limit', '--jitless', '--huge-max-old-generation-size', '--abort-on-uncaught-exception', '--disallow-code-generation-from-strings', '--interpreted-frames-native-stack']);

/** `npm start`'s V8 flags (e.g. `--heap-growing-percent=50`), not Node's own options. */
export function serverV8Flags(): string[] {
  return startArguments().filter((a) => {
    const name = a.split('=')[0]!;
    return a.startsWith('--') && (V8_FLAGS_NODE_TAKES.has(name) || !process.allowedNodeEnvironmentFlags.has(name));
  });
}

/**
 * Sets `npm start`'s V8 flags in this process: the benches that do the server's work in their own process
 * (generation, the statement import, PDFs) then measure it with the heap the server gives it. Left to V8's defaults,
 * the bench's heap grew by what the whole run had left behind, and generation's RSS growth measured 43–162 MB from
 * run to run with no change to it. Answers the flags set.
 */
export function applyServerV8Flags(): string[] {
  const flags = serverV8Flags();
  for (const flag of flags) v8.setFlagsFromString(flag);
  return flags;
}
