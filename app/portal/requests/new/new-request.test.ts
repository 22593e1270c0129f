import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import common from '@/messages/en/common.json';
import en from '@/messages/en/portal.json';
import type { Translate } from '../../translate';
import { checkRequest, choosePhotos } from './new-request';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'PortalRequests' }) as Translate;
const fieldT = createTranslator({ locale: 'en', messages: common, namespace: 'FieldErrors' }) as Translate;
const file = (name: string, size = 1000, type = 'image/jpeg') => ({ name, size, type }) as File;

describe('checkRequest', () => {
  it('asks for the apartment, a title and a description', () => {
    expect(checkRequest('', ' ', '', t, fieldT)).toEqual({ apartment: 'Choose the apartment.', title: 'Enter a short title.', description: 'Describe the problem.' });
    expect(checkRequest('a', 'Tap', 'Leaks', t, fieldT)).toEqual({});
    expect(checkRequest('a', 't'.repeat(201), 'Leaks', t, fieldT)).toEqual({ title: 'Use at most 200 characters.' });
  });
});

describe('choosePhotos', () => {
  it('takes photos up to five and says what was left out and why', () => {
    const { accepted, problems } = choosePhotos([file('a.jpg'), file('big.jpg', 11 * 1024 * 1024), file('doc.pdf', 10, 'application/pdf'), file('b.jpg')], 2, t);
    expect(accepted.map((a) => a.name)).toEqual(['a.jpg']);
    expect(problems).toEqual([
      'You can add up to 5 photos; one photo was left out.',
      '“big.jpg” is larger than 10 MB. Choose a smaller photo or take a new one.',
      '“doc.pdf” is not a photo that can be used. Choose a JPEG, PNG, WebP or HEIC image.',
    ]);
  });

  it('names a photo without a name', () => {
    expect(choosePhotos([file('')], 0, t).accepted[0]!.name).toBe('The photo');
    expect(choosePhotos([file('a'), file('b')], 5, t).problems).toEqual(['You can add up to 5 photos; 2 photos were left out.']);
  });
});
