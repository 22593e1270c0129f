import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectOcrProvider } from './index';
import { PREFILL_CONFIDENCE } from './types';
import { OcrProviderError, visionProvider } from './vision-provider';
import { TINY_PNG } from '@/test/factories';

// A stand-in for an OpenAI-compatible chat-completions API, on a local port: it records each request
// and answers what the test queued.
type Seen = { path: string; authorization: string | undefined; body: { model: string; messages: Array<{ role: string; content: unknown }> } };
const seen: Seen[] = [];
let answers: Array<{ status: number; body: unknown }> = [];
let server: Server;
let url: string;

const chat = (content: string) => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content } }] } });

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body: (await readJson(req)) as Seen['body'] });
    const answer = answers.shift() ?? { status: 500, body: { error: 'nothing queued' } };
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('vision OCR provider', () => {
  it('is chosen by OCR_PROVIDER=vision; the offline models otherwise', () => {
    expect(selectOcrProvider({ OCR_PROVIDER: 'vision', OCR_API_URL: url, OCR_API_KEY: 'k', OCR_MODEL: 'm' }).name).toBe('vision');
    expect(selectOcrProvider({ OCR_PROVIDER: 'local', OCR_API_URL: undefined, OCR_API_KEY: undefined, OCR_MODEL: undefined }).name).toBe('local');
  });

  it('sends the photo as a data URL with the model and key, and reads the JSON answer', async () => {
    const provider = visionProvider({ url, apiKey: 'sk-test', model: 'meter-reader-1' });
    answers = [chat('```json\n{"value": "00123.456", "confidence": 0.92}\n```')];
    const result = await provider.read(TINY_PNG, { decimals: 3, lastReading: 120 });
    expect(result).toEqual({ value: '00123.456', confidence: 0.92, candidates: [{ value: '00123.456', confidence: 0.92 }] });
    const request = seen.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('meter-reader-1');
    const user = request.body.messages.find((m) => m.role === 'user')!.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(user.find((p) => p.type === 'image_url')!.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);
    expect(user.find((p) => p.type === 'text')!.text).toContain('3 decimals');
  });

  it("sends the photo upright as the offline reader sees it, with the meter's type and decimals", async () => {
    const provider = visionProvider({ url, apiKey: 'k', model: 'm' });
    // A portrait photo as phones store it: the pixels sideways (60×30), the EXIF tag saying to turn them.
    const sideways = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#888' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    answers = [chat('{"value": "01234.567", "confidence": 0.9}')];
    expect((await provider.read(sideways, { type: 'gas', decimals: 3 })).value).toBe('01234.567');
    const user = seen.at(-1)!.body.messages.find((m) => m.role === 'user')!.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    const sent = Buffer.from(user.find((p) => p.type === 'image_url')!.image_url!.url.split(',')[1]!, 'base64');
    expect(await sharp(sent).metadata()).toMatchObject({ format: 'jpeg', width: 30, height: 60 });
    expect(user.find((p) => p.type === 'text')!.text).toMatch(/gas meter.*3 decimals/);
  });

  it("trusts an answer that is not this meter's register shape less than the pre-fill threshold", async () => {
    const provider = visionProvider({ url, apiKey: 'k', model: 'm' });
    // Two whole-number drums on a gas meter (one was missed), and two decimals where the meter has three.
    answers = [chat('{"value": "12.345", "confidence": 0.95}'), chat('{"value": "01234.56", "confidence": 0.95}'), chat('{"value": "01234.567", "confidence": 0.95}')];
    expect((await provider.read(TINY_PNG, { type: 'gas', decimals: 3 })).confidence).toBeLessThan(PREFILL_CONFIDENCE);
    expect((await provider.read(TINY_PNG, { type: 'gas', decimals: 3 })).confidence).toBeLessThan(PREFILL_CONFIDENCE);
    expect((await provider.read(TINY_PNG, { type: 'gas', decimals: 3 })).confidence).toBeGreaterThanOrEqual(PREFILL_CONFIDENCE);
  });

  it("puts the meter's known decimals on a value read without a mark, and trusts a value below the last reading less", async () => {
    const provider = visionProvider({ url: `${url}/chat/completions`, apiKey: 'k', model: 'm' });
    answers = [chat('{"value": "0012345", "confidence": 0.8}'), chat('{"value": "00100.000", "confidence": 0.8}')];
    expect((await provider.read(TINY_PNG, { decimals: 3 })).value).toBe('0012.345');
    const low = await provider.read(TINY_PNG, { decimals: 3, lastReading: 500 });
    expect(low.value).toBe('00100.000');
    expect(low.confidence).toBeLessThan(0.8);
    expect(seen.at(-1)!.path).toBe('/v1/chat/completions');
  });

  it('answers nothing read for a null or non-numeric value, and fails on an error status or a malformed answer', async () => {
    const provider = visionProvider({ url, apiKey: 'k', model: 'm' });
    answers = [chat('{"value": null, "confidence": 0}'), chat('{"value": "12a4", "confidence": 0.9}')];
    expect(await provider.read(TINY_PNG, {})).toEqual({ value: null, confidence: 0, candidates: [] });
    expect((await provider.read(TINY_PNG, {})).value).toBeNull();
    answers = [{ status: 429, body: { error: { message: 'slow down' } } }];
    await expect(provider.read(TINY_PNG, {})).rejects.toThrow(OcrProviderError);
    answers = [chat('I cannot see a meter here.')];
    await expect(provider.read(TINY_PNG, {})).rejects.toThrow(OcrProviderError);
    await expect(visionProvider({ url: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' }).read(TINY_PNG, {})).rejects.toThrow(OcrProviderError);
  });
});
