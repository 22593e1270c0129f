import type { Quad } from './pick-register';

export type RawImage = { data: Uint8Array | Uint8ClampedArray; width: number; height: number; channels: number };

/**
 * Samples the quadrilateral `quad` of `src` into an upright `width`×`height` RGB image (bilinear in
 * both the quad's corners and the pixels), which straightens a rotated or slightly skewed register.
 * Pixels outside the source repeat its edge.
 */
export function warpQuad(src: RawImage, quad: Quad, width: number, height: number): RawImage {
  const out = new Uint8Array(width * height * 3);
  const [tl, tr, br, bl] = quad;
  const { data, channels } = src;
  const maxX = src.width - 1;
  const maxY = src.height - 1;
  for (let j = 0; j < height; j++) {
    const v = (j + 0.5) / height;
    const lx = tl[0] + (bl[0] - tl[0]) * v;
    const ly = tl[1] + (bl[1] - tl[1]) * v;
    const rx = tr[0] + (br[0] - tr[0]) * v;
    const ry = tr[1] + (br[1] - tr[1]) * v;
    for (let i = 0; i < width; i++) {
      const u = (i + 0.5) / width;
      const x = Math.min(maxX, Math.max(0, lx + (rx - lx) * u - 0.5));
      const y = Math.min(maxY, Math.max(0, ly + (ry - ly) * u - 0.5));
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const x1 = Math.min(maxX, x0 + 1);
      const y1 = Math.min(maxY, y0 + 1);
      const fx = x - x0;
      const fy = y - y0;
      const o = (j * width + i) * 3;
      for (let c = 0; c < 3; c++) {
        const a = data[(y0 * src.width + x0) * channels + c]!;
        const b = data[(y0 * src.width + x1) * channels + c]!;
        const d = data[(y1 * src.width + x0) * channels + c]!;
        const e = data[(y1 * src.width + x1) * channels + c]!;
        out[o + c] = Math.round((a * (1 - fx) + b * fx) * (1 - fy) + (d * (1 - fx) + e * fx) * fy);
      }
    }
  }
  return { data: out, width, height, channels: 3 };
}
