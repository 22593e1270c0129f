import { describe, expect, it } from 'vitest';
import { checkKeyName } from './api-key-name';

describe('checkKeyName', () => {
  it('trims the name, as the server does', () => {
    expect(checkKeyName('  Accounting export ')).toEqual({ name: 'Accounting export' });
  });

  it('asks for a name when there is none but blanks', () => {
    expect(checkKeyName('')).toEqual({ error: 'Enter a name for the key.' });
    expect(checkKeyName('   ')).toEqual({ error: 'Enter a name for the key.' });
  });

  it('refuses a name longer than the server takes', () => {
    expect(checkKeyName('k'.repeat(100))).toEqual({ name: 'k'.repeat(100) });
    expect(checkKeyName('k'.repeat(101))).toEqual({ error: 'Use at most 100 characters.' });
  });
});
