import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkDigit731, isValidReferenceNumber, referenceNumber } from '@/server/domain/reference-number';
import { formatAmount, formatDatetime, isFreshDatetime, macString, parseAmount, parseDatetime, privateKeyFrom, publicKeyFrom, signFields, verifyFields } from './ipizza';

const request1012 = {
  VK_SERVICE: '1012',
  VK_VERSION: '008',
  VK_SND_ID: 'uid100010',
  VK_STAMP: '12345',
  VK_AMOUNT: '150.00',
  VK_CURR: 'EUR',
  VK_REF: '1232',
  VK_MSG: 'Arve INV-2026-000001 õüäö',
  VK_RETURN: 'https://example.test/cb',
  VK_CANCEL: 'https://example.test/cb',
  VK_DATETIME: '2026-11-25T09:21:40+0200',
  VK_ENCODING: 'UTF-8',
  VK_LANG: 'EST',
};

describe('iPizza MAC strings, in the published field order', () => {
  it('1012: VK_SERVICE … VK_DATETIME, lengths in characters (õüäö count one each), VK_ENCODING and VK_LANG not signed', () => {
    expect(macString(request1012)).toBe(
      '0041012' + '003008' + '009uid100010' + '00512345' + '006150.00' + '003EUR' + '0041232' + '025Arve INV-2026-000001 õüäö' +
        '023https://example.test/cb' + '023https://example.test/cb' + '0242026-11-25T09:21:40+0200',
    );
  });

  it('1111: … VK_STAMP, VK_T_NO, VK_AMOUNT, VK_CURR, VK_REC_ACC, VK_REC_NAME, VK_SND_ACC, VK_SND_NAME, VK_REF, VK_MSG, VK_T_DATETIME; VK_AUTO not signed', () => {
    const fields = {
      VK_SERVICE: '1111', VK_VERSION: '008', VK_SND_ID: 'HP', VK_REC_ID: 'uid100010', VK_STAMP: '12345', VK_T_NO: '10145', VK_AMOUNT: '150.00', VK_CURR: 'EUR',
      VK_REC_ACC: 'EE871600161234567892', VK_REC_NAME: 'ÕIE KÜ', VK_SND_ACC: 'EE497700771234567890', VK_SND_NAME: 'Tõnu Tamm', VK_REF: '1232', VK_MSG: 'Arve', VK_T_DATETIME: '2026-11-25T09:23:00+0200', VK_AUTO: 'Y',
    };
    expect(macString(fields)).toBe(
      '0041111' + '003008' + '002HP' + '009uid100010' + '00512345' + '00510145' + '006150.00' + '003EUR' + '020EE871600161234567892' + '006ÕIE KÜ' +
        '020EE497700771234567890' + '009Tõnu Tamm' + '0041232' + '004Arve' + '0242026-11-25T09:23:00+0200',
    );
    // VK_AUTO is sent with both the server call (Y) and the browser return (N) under one MAC.
    expect(macString({ ...fields, VK_AUTO: 'N' })).toBe(macString(fields));
  });

  it('1911: VK_SERVICE, VK_VERSION, VK_SND_ID, VK_REC_ID, VK_STAMP, VK_REF, VK_MSG; an empty field is 000', () => {
    expect(macString({ VK_SERVICE: '1911', VK_VERSION: '008', VK_SND_ID: 'EYP', VK_REC_ID: 'uid100010', VK_STAMP: '12345', VK_REF: '', VK_MSG: 'Katkestatud', VK_AUTO: 'N' })).toBe(
      '0041911' + '003008' + '003EYP' + '009uid100010' + '00512345' + '000' + '011Katkestatud',
    );
  });

  it('refuses an unknown service', () => {
    expect(() => macString({ VK_SERVICE: '1002' })).toThrow(/VK_SERVICE/);
  });
});

describe('signing and verifying', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

  for (const algorithm of ['sha1', 'sha256'] as const) {
    it(`round-trips with RSA-${algorithm.toUpperCase()}, and a changed field, another key or another hash is refused`, () => {
      const signed = { ...request1012, VK_MAC: signFields(request1012, privateKey, algorithm) };
      expect(verifyFields(signed, publicKey, algorithm)).toBe(true);
      expect(verifyFields({ ...signed, VK_AMOUNT: '1.00' }, publicKey, algorithm)).toBe(false);
      expect(verifyFields({ ...signed, VK_MSG: `${signed.VK_MSG} ` }, publicKey, algorithm)).toBe(false);
      expect(verifyFields(signed, other.publicKey, algorithm)).toBe(false);
      expect(verifyFields(signed, publicKey, algorithm === 'sha1' ? 'sha256' : 'sha1')).toBe(false);
      // Unsigned fields may differ.
      expect(verifyFields({ ...signed, VK_LANG: 'ENG' }, publicKey, algorithm)).toBe(true);
      expect(verifyFields({ ...signed, VK_MAC: '' }, publicKey, algorithm)).toBe(false);
      expect(verifyFields({ ...signed, VK_MAC: 'not base64 !' }, publicKey, algorithm)).toBe(false);
    });
  }

  it('reads PEMs from the environment with \\n escapes, and a certificate-less public key', () => {
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, '\\n');
    const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString().replace(/\n/g, '\\n');
    const signed = { ...request1012, VK_MAC: signFields(request1012, privateKeyFrom(pem)) };
    expect(verifyFields(signed, publicKeyFrom(pub))).toBe(true);
  });
});

describe('VK_DATETIME', () => {
  const now = new Date('2026-11-25T07:21:40Z');

  it('is written in UTC and read with any offset', () => {
    expect(formatDatetime(now)).toBe('2026-11-25T07:21:40+0000');
    expect(parseDatetime('2026-11-25T09:21:40+0200')).toEqual(now);
    expect(parseDatetime('2026-11-25T09:21:40+02:00')).toEqual(now);
    expect(parseDatetime('2026-11-25T07:21:40Z')).toEqual(now);
    expect(parseDatetime('2026-02-30T07:21:40+0000')).toBeNull();
    expect(parseDatetime('yesterday')).toBeNull();
  });

  it('must be within 5 minutes either way: a stale or a future request is refused', () => {
    expect(isFreshDatetime('2026-11-25T09:21:40+0200', now)).toBe(true);
    expect(isFreshDatetime(formatDatetime(new Date(now.getTime() - 5 * 60_000)), now)).toBe(true);
    expect(isFreshDatetime(formatDatetime(new Date(now.getTime() - 5 * 60_000 - 1000)), now)).toBe(false);
    expect(isFreshDatetime(formatDatetime(new Date(now.getTime() + 6 * 60_000)), now)).toBe(false);
    expect(isFreshDatetime(undefined, now)).toBe(false);
  });
});

describe('amounts and reference numbers', () => {
  it('VK_AMOUNT in cents both ways', () => {
    expect(formatAmount(15000)).toBe('150.00');
    expect(formatAmount(5)).toBe('0.05');
    expect(parseAmount('150.5')).toBe(15050);
    expect(parseAmount('0.00')).toBeNull();
    expect(parseAmount('1,50')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('1e3')).toBeNull();
  });

  it('VK_REF carries a 7-3-1 reference number', () => {
    expect(checkDigit731('1001')).toBe(6);
    expect(referenceNumber('1001')).toBe('10016');
    expect(isValidReferenceNumber('10016')).toBe(true);
    expect(isValidReferenceNumber('10017')).toBe(false);
  });
});
