import { z } from 'zod';
import { logger } from '@/server/logger';
import { type MeterHints, plausibility, registerShape, withDecimalMark } from './pick-register';
import { photoForReading } from './photo';
import { NOTHING_READ, type OcrProvider, type OcrResult } from './types';

export type VisionConfig = {
  /** An OpenAI-compatible API: its base (`https://api.openai.com/v1`) or the full chat-completions address. */
  url: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
};

/** The provider failed (network, status, an answer that is not the asked JSON); the caller decides what then. */
export class OcrProviderError extends Error {}

const Answer = z.object({
  value: z.union([z.string(), z.number()]).nullable(),
  confidence: z.number().min(0).max(1).optional(),
});

/** What the register looks like on each type of meter, for the prompt. */
const FACES: Record<string, string> = {
  electricity: 'an electricity meter: a seven-segment LCD; unlit segments still show faintly and are not digits',
  heating: 'a heat meter: a seven-segment LCD whose leading zeros are blank; unlit segments still show faintly and are not digits',
  cold_water: 'a water meter: counter drums, the decimals on red drums or red digits',
  hot_water: 'a water meter: counter drums, the decimals on red drums or red digits',
  gas: 'a gas meter: counter drums, the decimals on red drums',
};

const PROMPT = [
  'You read the consumption register of a utility meter (water, heat, electricity or gas) on a photo.',
  'Read only the register: the row of counter drums or display digits next to the unit (m³, kWh, MWh).',
  'Ignore serial numbers, ratings (Qn, 230V, imp/kWh), years and barcodes.',
  'Keep leading zeros that are shown (blank positions are not zeros). Digits on red drums or after a decimal mark are decimals: put a "." before them.',
  'A drum caught between two digits reads as the lower one (9 between 9 and 0).',
  'Answer with JSON only: {"value": "<digits as shown, e.g. 00123.456>", "confidence": <0..1>}, or {"value": null, "confidence": 0} when the register cannot be read.',
].join(' ');

function endpoint(url: string): string {
  const base = url.replace(/\/+$/, '');
  return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
}

/** The first JSON object in a model's message (some wrap it in prose or a code fence). */
function parseAnswer(content: string): z.infer<typeof Answer> {
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  if (!json) throw new OcrProviderError('The vision model answered without JSON');
  const parsed = Answer.safeParse(JSON.parse(json));
  if (!parsed.success) throw new OcrProviderError('The vision model answered JSON of another shape');
  return parsed.data;
}

/** The model's value as a register string ("00123.456"), or null when it is not one; a value without a mark gets the meter's known decimals. */
function registerValue(raw: string | number | null, hints: MeterHints): string | null {
  if (raw === null) return null;
  const text = String(raw).replace(/\s+/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const known = hints.decimals ?? null;
  return known !== null && !text.includes('.') ? withDecimalMark(text, known) : text;
}

/**
 * Reads a meter photo with a vision model behind an OpenAI-compatible chat-completions API (for
 * serverless deployments, where the ONNX runtime is too large). The image goes as a data URL.
 */
export function visionProvider(config: VisionConfig): OcrProvider {
  return {
    name: 'vision',
    async read(image, hints): Promise<OcrResult> {
      // The photo as the offline reader sees it: turned upright by its EXIF orientation, HEIC decoded, at
      // most 1600 px, as JPEG; as sent when it cannot be decoded here.
      const photo = await photoForReading(image);
      let mime = 'image/jpeg';
      if (!photo) {
        const { fileTypeFromBuffer } = await import('file-type');
        mime = (await fileTypeFromBuffer(image))?.mime ?? 'image/jpeg';
      }
      const context = [
        hints.type ? `It is ${FACES[hints.type] ?? `a ${hints.type} meter`}.` : '',
        hints.decimals !== null && hints.decimals !== undefined ? `The register shows ${hints.decimals} decimals.` : '',
        hints.lastReading !== null && hints.lastReading !== undefined ? `The last confirmed reading was ${hints.lastReading}.` : '',
      ].join(' ').trim();
      let response: Response;
      try {
        response = await fetch(endpoint(config.url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
          body: JSON.stringify({
            model: config.model,
            temperature: 0,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: PROMPT },
              {
                role: 'user',
                content: [
                  { type: 'text', text: `Read the meter register.${context ? ` ${context}` : ''}` },
                  { type: 'image_url', image_url: { url: `data:${mime};base64,${Buffer.from(photo ?? image).toString('base64')}` } },
                ],
              },
            ],
          }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 30_000),
        });
      } catch (err) {
        throw new OcrProviderError(`The vision API could not be reached: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new OcrProviderError(`The vision API answered ${response.status}`);
      }
      const body = (await response.json().catch(() => null)) as { choices?: Array<{ message?: { content?: unknown } }> } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new OcrProviderError('The vision API answered without a message');
      const answer = parseAnswer(content);
      const value = registerValue(answer.value, hints);
      if (!value) {
        logger.debug('vision ocr read nothing', { value: answer.value });
        return NOTHING_READ;
      }
      // The same register checks as the offline reader's values pass (a mark where the meter has none
      // counts there too).
      const confidence = (answer.confidence ?? 0.5) * registerShape(value, hints) * plausibility(value, hints.lastReading);
      const rounded = Math.round(confidence * 1000) / 1000;
      return { value, confidence: rounded, candidates: [{ value, confidence: rounded }] };
    },
  };
}
