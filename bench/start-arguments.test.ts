import { describe, expect, it } from 'vitest';
import { serverV8Flags, startArguments, startServerFile } from './start-arguments';

describe('npm start as the benches run it', () => {
  it('runs the built server with its flags, of which the V8 ones (not Node options) are set in a bench process', () => {
    expect(startServerFile()).toBe('.next/app-server/server.mjs');
    expect(startArguments()).toEqual(['--heap-growing-percent=50', '.next/app-server/server.mjs']);
    expect(serverV8Flags()).toEqual(['--heap-growing-percent=50']);
  });
});
