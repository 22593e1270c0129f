import sharp, { type Sharp } from 'sharp';

/** Longest side of the photo the readers work on: enough for register digits, small enough to be quick. */
export const WORK_SIZE = 1600;

/** An ISO-BMFF file whose brand says HEIF/HEIC (an iPhone photo); AVIF, which sharp reads itself, is not among them. */
function isHeic(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return bytes.length > 12 && ascii(4, 8) === 'ftyp' && ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(ascii(8, 12));
}

/**
 * A photo ready for sharp, upright: JPEG, PNG and WebP as they are, turned by their EXIF orientation
 * (phones store portrait photos sideways with a tag); HEIC through libheif compiled to WebAssembly
 * (heic-decode), because this sharp build has no HEVC decoder (it reads AVIF only), and libheif applies
 * the photo's own rotation. Throws when the bytes are no image.
 */
export async function openPhoto(bytes: Uint8Array): Promise<Sharp> {
  if (isHeic(bytes)) {
    const { default: decodeHeic } = await import('heic-decode');
    const { width, height, data } = await decodeHeic({ buffer: bytes });
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  }
  return sharp(bytes, { failOn: 'none' }).rotate();
}

/** The photo as both readers see it: upright, at most WORK_SIZE px, as JPEG; null when it cannot be decoded. */
export async function photoForReading(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    return await (await openPhoto(bytes))
      .resize({ width: WORK_SIZE, height: WORK_SIZE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .jpeg({ quality: 90 })
      .toBuffer();
  } catch {
    return null;
  }
}
