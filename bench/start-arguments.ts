import fs from 'node:fs';
import path from 'node:path';

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
