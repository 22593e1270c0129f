import type { KeyObject } from 'node:crypto';
import { env, isProduction } from '@/server/env';
import { logger } from '@/server/logger';
import { type MacAlgorithm, privateKeyFrom, publicKeyFrom } from './ipizza';
import { testbankKeys } from './testbank-keys';

export const BANKS = ['swedbank', 'seb', 'lhv', 'luminor', 'coop', 'testbank'] as const;
export type Bank = (typeof BANKS)[number];
export const BANK_LABELS: Record<Bank, string> = { swedbank: 'Swedbank', seb: 'SEB', lhv: 'LHV', luminor: 'Luminor', coop: 'Coop Pank', testbank: 'Test bank' };

/** Where the built-in test bank answers (app/api/dev/testbank/route.ts). */
export const TESTBANK_PATH = '/api/dev/testbank';
export const TESTBANK_MERCHANT_ID = 'PROPERTYBILLING';
export const TESTBANK_BANK_ID = 'TESTBANK';

/** One bank's banklink as configured: our merchant id and key, the bank's public key and address. */
export type BanklinkProvider = {
  bank: Bank;
  /** Our merchant id at the bank: VK_SND_ID of requests, VK_REC_ID of answers. */
  merchantId: string;
  /** The absolute address the payment form is posted to. */
  url: string;
  /** Signs our requests. */
  privateKey: KeyObject;
  /** Checks the bank's answers (from its certificate). */
  bankKey: KeyObject;
  algorithm: MacAlgorithm;
};

export function isBank(value: string): value is Bank {
  return (BANKS as readonly string[]).includes(value);
}

export function testbankEnabled(): boolean {
  return !isProduction || env.TESTBANK;
}

const cache = new Map<Bank, BanklinkProvider | null>();

/**
 * The provider of a bank, or null when it is not configured. A real bank needs BANKLINK_<BANK>_SND_ID,
 * _PRIVATE_KEY (our PEM key), _BANK_CERT (the bank's certificate or public key, PEM) and _URL; PEMs may
 * use `\n` for line breaks; _ALGORITHM is `sha1` (008's default) or `sha256`. Keys are never logged.
 * The test bank is there outside production or with TESTBANK=true, with keys of its own (testbank-keys.ts).
 */
export function providerOf(bank: Bank): BanklinkProvider | null {
  if (cache.has(bank)) return cache.get(bank)!;
  const provider = bank === 'testbank' ? testbankProvider() : configuredProvider(bank);
  cache.set(bank, provider);
  return provider;
}

function algorithmOf(bank: Bank): MacAlgorithm {
  const value = process.env[`BANKLINK_${bank.toUpperCase()}_ALGORITHM`]?.toLowerCase();
  return value === 'sha256' ? 'sha256' : 'sha1';
}

function testbankProvider(): BanklinkProvider | null {
  if (!testbankEnabled()) return null;
  const keys = testbankKeys();
  return { bank: 'testbank', merchantId: TESTBANK_MERCHANT_ID, url: new URL(TESTBANK_PATH, env.APP_URL).toString(), privateKey: keys.merchant.privateKey, bankKey: keys.bank.publicKey, algorithm: algorithmOf('testbank') };
}

function configuredProvider(bank: Bank): BanklinkProvider | null {
  const read = (part: string) => process.env[`BANKLINK_${bank.toUpperCase()}_${part}`]?.trim() || undefined;
  const merchantId = read('SND_ID');
  const privateKey = read('PRIVATE_KEY');
  const bankCert = read('BANK_CERT');
  const url = read('URL');
  if (!merchantId || !privateKey || !bankCert || !url) return null;
  try {
    return { bank, merchantId, url: new URL(url).toString(), privateKey: privateKeyFrom(privateKey), bankKey: publicKeyFrom(bankCert), algorithm: algorithmOf(bank) };
  } catch (err) {
    // Only which bank and what kind of problem: never the key material.
    logger.error('banklink provider misconfigured', { bank, reason: err instanceof Error ? err.name : 'unknown' });
    return null;
  }
}

/** The banks a payment can be started with now. */
export function configuredBanks(): Bank[] {
  return BANKS.filter((bank) => providerOf(bank) !== null);
}
