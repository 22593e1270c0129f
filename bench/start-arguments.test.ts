import { describe, expect, it } from 'vitest';
import { startArguments, startServerFile, applyServerV8Flags } from './start-arguments';

describe('npm start as the benches run it', () => {
  it('runs the built server with its flags, and sets the V8 ones (not Node options) in a bench process', () => {
    expect(startServerFile()).toBe('.next/app-server/server.mjs');
    expect(startArguments()).toEqual(['--heap-growing-percent=50', '.next/app-server/server.mjs']);
    expect(applyServerV8Flags()).toEqual(['--heap-growing-percent=50']);
  });
});
