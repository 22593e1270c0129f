import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Translate } from '@/app/portal/translate';
import common from '@/messages/en/common.json';
import en from '@/messages/en/manager-billing.json';
import { checkKeyName } from './api-key-name';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'Settings' }) as Translate;
const fieldT = createTranslator({ locale: 'en', messages: common, namespace: 'FieldErrors' }) as Translate;

describe('checkKeyName', () => {
  it('trims the name, as the server does', () => {
    expect(checkKeyName('  Accounting export ', t, fieldT)).toEqual({ name: 'Accounting export' });
  });

  it('asks for a name when there is none but blanks', () => {
    expect(checkKeyName('', t, fieldT)).toEqual({ error: 'Enter a name for the key.' });
    expect(checkKeyName('   ', t, fieldT)).toEqual({ error: 'Enter a name for the key.' });
  });

  it('refuses a name longer than the server takes', () => {
    expect(checkKeyName('k'.repeat(100), t, fieldT)).toEqual({ name: 'k'.repeat(100) });
    expect(checkKeyName('k'.repeat(101), t, fieldT)).toEqual({ error: 'Use at most 100 characters.' });
  });
});
