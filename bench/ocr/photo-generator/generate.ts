import sharp from 'sharp';
import type { MeterType } from '@/server/domain/enums';
import { drawFace, FACE_STYLES, type FaceStyle, type Rng } from './faces';

/**
 * A second, independent generator of meter photos for the OCR benchmark (the first is
 * ../render-meter-image.ts). The face is a flat SVG (faces.ts); everything a phone adds happens on raw
 * pixels here: a perspective projection (homography) onto a wall, rotation up to ±8°, uneven light, glare,
 * a colour cast, blur, sensor noise, 640–4000 px photos, landscape or portrait, JPEG quality 60–95 and
 * EXIF orientation (pixels stored turned, the tag saying how to turn them back).
 *
 * Seeds are split: TUNING seeds may be looked at while improving the reader, HELD_OUT seeds only to
 * measure it. The style follows from the seed, so each range holds the four styles in turn.
 */
export const TUNING_SEEDS = { first: 1, count: 10_000 } as const;
export const HELD_OUT_SEEDS = { first: 700_001, count: 10_000 } as const;

export type GeneratedPhoto = {
  bytes: Buffer;
  value: string;
  style: FaceStyle;
  /** The meter type and decimals, as the portal knows them for a registered meter. */
  type: MeterType;
  decimals: number;
  seed: number;
  notes: string[];
};

export function rng(seed: number): Rng {
  // xorshift128+ style mixing from splitmix32: a different generator from render-meter-image's mulberry32.
  let s = (seed * 0x9e3779b1) >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
  const r: Rng = {
    next,
    between: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    digits: (n) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
  return r;
}

export function styleOfSeed(seed: number): FaceStyle {
  return FACE_STYLES[seed % FACE_STYLES.length]!;
}

const TYPE_OF: Record<FaceStyle, (r: Rng) => MeterType> = {
  'lcd-electricity': () => 'electricity',
  'lcd-heat': () => 'heating',
  'drum-water': (r) => r.pick(['cold_water', 'hot_water'] as const),
  'drum-gas': () => 'gas',
};

/** Solves the 3×3 homography mapping the four `from` points to the four `to` points. */
function homography(from: Array<[number, number]>, to: Array<[number, number]>): number[] {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  // Gaussian elimination with partial pivoting.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    [a[c], a[p]] = [a[p]!, a[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 8; k++) a[r]![k]! -= f * a[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  return [...b.map((v, i) => v / a[i]![i]!), 1];
}

export async function generatePhoto(seed: number, override: { style?: FaceStyle; format?: 'jpeg' | 'png'; longSide?: number } = {}): Promise<GeneratedPhoto> {
  const r = rng(seed);
  const style = override.style ?? styleOfSeed(seed);
  const type = TYPE_OF[style](r);
  const face = drawFace(r, style);
  const notes = [...face.notes];

  // Photo size and orientation.
  const longSide = override.longSide ?? Math.round(r.pick([r.between(640, 1200), r.between(1200, 2400), r.between(2400, 4000)]));
  const portrait = r.chance(0.35);
  const aspect = r.pick([4 / 3, 16 / 9, 3 / 2]);
  const W = portrait ? Math.round(longSide / aspect) : longSide;
  const H = portrait ? longSide : Math.round(longSide / aspect);
  notes.push(`${W}x${H}`);

  // Where the face lands: scaled to 55–90% of the short side, rotated, its corners pushed for perspective.
  const scale = (Math.min(W, H) * r.between(0.55, 0.9)) / Math.max(face.width, face.height);
  const fw = face.width * scale;
  const fh = face.height * scale;
  const angle = (r.between(-8, 8) * Math.PI) / 180;
  notes.push(`rot ${((angle * 180) / Math.PI).toFixed(1)}`);
  const cx = W / 2 + r.between(-0.08, 0.08) * W;
  const cy = H / 2 + r.between(-0.08, 0.08) * H;
  const persp = r.between(0, 0.07);
  const tilt = r.pick(['h', 'v']);
  const unit: Array<[number, number]> = [
    [-fw / 2, -fh / 2],
    [fw / 2, -fh / 2],
    [fw / 2, fh / 2],
    [-fw / 2, fh / 2],
  ];
  const corners = unit.map(([x, y], i): [number, number] => {
    // Keystone: one side of the face further away (shorter) than the other.
    const shrink = tilt === 'h' ? (i === 1 || i === 2 ? persp : -persp) : i >= 2 ? persp : -persp;
    const px = tilt === 'v' ? x * (1 - shrink) : x;
    const py = tilt === 'h' ? y * (1 - shrink) : y;
    const jx = r.between(-0.015, 0.015) * fw;
    const jy = r.between(-0.015, 0.015) * fh;
    return [cx + (px + jx) * Math.cos(angle) - (py + jy) * Math.sin(angle), cy + (px + jx) * Math.sin(angle) + (py + jy) * Math.cos(angle)];
  });

  // The face rasterised at about the size it will have in the photo (so small photos really are coarse).
  const rw = Math.max(64, Math.round(fw * 1.1));
  const rh = Math.round((rw * face.height) / face.width);
  const faceRaw = await sharp(Buffer.from(face.svg), { density: 72 }).resize(rw, rh).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const src = faceRaw.data;
  const sw = faceRaw.info.width;
  const sh = faceRaw.info.height;
  // Inverse mapping: photo pixel -> face pixel.
  const h = homography(corners, [
    [0, 0],
    [sw, 0],
    [sw, sh],
    [0, sh],
  ]);

  const out = Buffer.alloc(W * H * 3);
  const wall = [r.int(120, 220), r.int(110, 210), r.int(100, 200)];
  const grain = r.between(0.02, 0.08);
  // Light: a gradient across the photo, a glare spot, and a colour cast.
  const lightDir = r.between(0, 2 * Math.PI);
  const lightAmp = r.between(0.1, 0.45);
  const glare = r.chance(0.6) ? { x: r.between(0.2, 0.8) * W, y: r.between(0.25, 0.75) * H, rx: r.between(0.04, 0.14) * Math.min(W, H), ry: r.between(0.03, 0.1) * Math.min(W, H), a: r.between(40, 130) } : null;
  if (glare) notes.push(`glare ${glare.a.toFixed(0)}`);
  const cast = [r.between(0.85, 1.12), r.between(0.9, 1.08), r.between(0.82, 1.12)];
  const [dxl, dyl] = [Math.cos(lightDir) / W, Math.sin(lightDir) / H];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const den = h[6]! * x + h[7]! * y + h[8]!;
      const u = (h[0]! * x + h[1]! * y + h[2]!) / den;
      const v = (h[3]! * x + h[4]! * y + h[5]!) / den;
      const o = (y * W + x) * 3;
      let rgb: [number, number, number] = [wall[0]! * (1 + grain * Math.sin(x * 0.05 + y * 0.031)), wall[1]!, wall[2]!];
      if (u >= 0 && v >= 0 && u < sw - 1 && v < sh - 1) {
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        const fx = u - x0;
        const fy = v - y0;
        const i00 = (y0 * sw + x0) * 4;
        const i10 = i00 + 4;
        const i01 = i00 + sw * 4;
        const i11 = i01 + 4;
        const w00 = (1 - fx) * (1 - fy);
        const w10 = fx * (1 - fy);
        const w01 = (1 - fx) * fy;
        const w11 = fx * fy;
        const alpha = (src[i00 + 3]! * w00 + src[i10 + 3]! * w10 + src[i01 + 3]! * w01 + src[i11 + 3]! * w11) / 255;
        if (alpha > 0) {
          const c = [0, 1, 2].map((k) => src[i00 + k]! * w00 + src[i10 + k]! * w10 + src[i01 + k]! * w01 + src[i11 + k]! * w11);
          rgb = [rgb[0] * (1 - alpha) + c[0]! * alpha, rgb[1] * (1 - alpha) + c[1]! * alpha, rgb[2] * (1 - alpha) + c[2]! * alpha];
        }
      }
      const light = 1 + lightAmp * ((x - W / 2) * dxl + (y - H / 2) * dyl) * 2;
      let add = 0;
      if (glare) {
        const gx = (x - glare.x) / glare.rx;
        const gy = (y - glare.y) / glare.ry;
        add = glare.a * Math.exp(-(gx * gx + gy * gy));
      }
      for (let k = 0; k < 3; k++) out[o + k] = Math.max(0, Math.min(255, Math.round(rgb[k]! * light * cast[k]! + add)));
    }
  }
  // Sensor noise, stronger in dark photos.
  const noise = r.between(2, 12);
  for (let i = 0; i < out.length; i += 1) {
    out[i] = Math.max(0, Math.min(255, out[i]! + (r.next() + r.next() + r.next() - 1.5) * noise));
  }

  const blur = r.between(0.3, 1.8) * Math.max(1, longSide / 1600);
  notes.push(`blur ${blur.toFixed(1)}`);
  let img = sharp(out, { raw: { width: W, height: H, channels: 3 } }).blur(blur);
  // EXIF orientation: the pixels are stored turned, the tag says how to show them.
  const orientation = r.pick([1, 1, 1, 1, 6, 8, 3]);
  if (orientation !== 1) {
    img = sharp(await img.raw().toBuffer(), { raw: { width: W, height: H, channels: 3 } }).rotate({ 6: 270, 8: 90, 3: 180 }[orientation]);
    notes.push(`exif ${orientation}`);
  }
  const format = override.format ?? (r.chance(0.85) ? 'jpeg' : 'png');
  const quality = r.int(60, 95);
  const encoded = format === 'jpeg' ? img.jpeg({ quality }) : img.png();
  if (format === 'jpeg') notes.push(`q${quality}`);
  const bytes = await (orientation !== 1 ? encoded.withMetadata({ orientation }) : encoded).toBuffer();
  return { bytes, value: face.value, style, type, decimals: face.decimals, seed, notes };
}
