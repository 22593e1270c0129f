import { describe, expect, it } from 'vitest';
import { parseReading, readingSource, registerToInput } from './read-photo';

const PHOTO = '0b9c1f5e-6a4f-4c39-9a59-0d3f3f2b8c11';

describe('readingSource', () => {
  it('is ocr only when the photo reader returned the value that is sent', () => {
    expect(readingSource(true, PHOTO)).toEqual({ source: 'ocr', photoId: PHOTO });
  });

  it('is manual with the photo when nothing was read from it, or it was only stored', () => {
    expect(readingSource(false, PHOTO)).toEqual({ source: 'manual', photoId: PHOTO });
  });

  it('is manual without a photo', () => {
    expect(readingSource(false, null)).toEqual({ source: 'manual' });
    expect(readingSource(true, null)).toEqual({ source: 'manual' });
  });
});

describe('parseReading and registerToInput', () => {
  it('take the register as printed and the number as typed', () => {
    expect(registerToInput('00123.450')).toBe('123.450');
    expect(parseReading('123,45', 3)).toEqual({ value: 123.45 });
    expect(parseReading('1.2345', 3)).toEqual({ error: 'maxDecimals' });
    expect(parseReading('1.5', 0)).toEqual({ error: 'wholeNumbers' });
    expect(parseReading('1a', 3)).toEqual({ error: 'digitsOnly' });
    expect(parseReading(' ', 3)).toEqual({ error: 'enterNumber' });
  });
});
