import { type Env, env } from '@/server/env';
import type { OcrProvider } from './types';
import { visionProvider } from './vision-provider';

type OcrConfig = Pick<Env, 'OCR_PROVIDER' | 'OCR_API_URL' | 'OCR_API_KEY' | 'OCR_MODEL'>;

/** The vision API when OCR_PROVIDER=vision (env.ts requires its URL, key and model then), else the offline models. */
export function selectOcrProvider(config: OcrConfig): OcrProvider {
  if (config.OCR_PROVIDER === 'vision') return visionProvider({ url: config.OCR_API_URL!, apiKey: config.OCR_API_KEY!, model: config.OCR_MODEL! });
  return {
    name: 'local',
    // Imported on first use: the ONNX runtime loads only where the offline provider is used, and stays warm.
    read: async (image, hints) => (await import('./local-provider')).readMeterPhoto(image, hints),
  };
}

let provider: OcrProvider | undefined;

/** The configured meter-photo reader, one per process. */
export function ocrProvider(): OcrProvider {
  provider ??= selectOcrProvider(env);
  return provider;
}
