import sharp from 'sharp';

/**
 * Draws a synthetic photo of a utility meter (an SVG rasterised with sharp) for the OCR benchmark and tests:
 * a meter face with an odometer register (black or white drums for the integer digits, red drums for the
 * decimals), a unit label, a serial number and rating text elsewhere on the face, a rotation within ±5°,
 * uneven light, blur and noise. Everything is deterministic from `seed`; `style` overrides single choices.
 */
export type MeterImageStyle = {
  /** Unit printed next to the register; also picks the meter kind (water meters read m³). */
  unit?: 'm³' | 'kWh' | 'MWh';
  /** Integer drums: white digits on black drums (`dark`) or black digits on white drums (`light`). */
  drums?: 'dark' | 'light';
  /** Degrees, clockwise. */
  rotation?: number;
  /** Gaussian blur sigma in pixels (0 = sharp). */
  blur?: number;
  /** Noise amplitude, 0..64 grey levels. */
  noise?: number;
  /** Strength of the uneven light, 0..1. */
  light?: number;
  width?: number;
  height?: number;
};

export type RenderMeterImageOptions = {
  /** The register as printed, e.g. '01234.567' (digits before the mark on black/white drums, after it on red ones). */
  value: string;
  seed: number;
  style?: MeterImageStyle;
};

/** mulberry32: a small deterministic PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  // Scramble the seed first so that neighbouring seeds give unrelated sequences.
  let a = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function renderMeterImage(opts: RenderMeterImageOptions): Promise<Buffer> {
  const { value, seed } = opts;
  if (!/^\d+(\.\d+)?$/.test(value)) throw new Error(`renderMeterImage: value must be digits with an optional '.', got ${value}`);
  const rnd = seededRandom(seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * rnd();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');

  const style = opts.style ?? {};
  const width = style.width ?? 960;
  const height = style.height ?? 720;
  const unit = style.unit ?? pick(['m³', 'm³', 'kWh', 'MWh'] as const);
  const water = unit === 'm³';
  const drums = style.drums ?? pick(['dark', 'light'] as const);
  const rotation = style.rotation ?? between(-5, 5);
  const blur = style.blur ?? between(0.3, 1.4);
  const noise = style.noise ?? between(4, 18);
  const light = style.light ?? between(0.15, 0.55);

  const [intPart, decPart = ''] = value.split('.');
  const cells = intPart!.length + decPart.length;
  const cx = width / 2 + between(-30, 30);
  const cy = height / 2 + between(-20, 20);

  // Drum geometry: the register spans at most ~62% of the face width.
  const drumW = Math.min(52, (width * 0.62) / cells - 4);
  const drumH = drumW * 1.45;
  const gap = Math.max(2, drumW * 0.08);
  const regW = cells * drumW + (cells - 1) * gap;
  const regX = cx - regW / 2 - drumW * 0.4;
  const regY = cy - drumH / 2 - height * 0.04;
  const fontSize = drumW * 1.05;

  const wall = pick(['#d9d4cc', '#c9ccd1', '#b8b1a5', '#e3e0da', '#9aa0a6']);
  const bodyColor = water ? pick(['#1f4e8c', '#2f6fb0', '#c9a227', '#3a3a3a']) : pick(['#e8e8e4', '#d5d7da', '#2c2f33']);
  const faceColor = pick(['#ffffff', '#f4f1e8', '#eef2f5']);
  const darkDrum = pick(['#111111', '#1c1c1c', '#222426']);
  const redDrum = pick(['#c4161c', '#d01f26', '#b3121a', '#e0262d']);

  const parts: string[] = [];
  // Meter body and face.
  if (water) {
    const r = Math.min(width, height) * 0.46;
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${bodyColor}"/>`);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r * 0.86}" fill="${faceColor}" stroke="#777" stroke-width="2"/>`);
  } else {
    const bw = width * 0.82;
    const bh = height * 0.9;
    parts.push(`<rect x="${cx - bw / 2}" y="${cy - bh / 2}" width="${bw}" height="${bh}" rx="28" fill="${bodyColor}"/>`);
    parts.push(`<rect x="${cx - bw * 0.44}" y="${cy - bh * 0.42}" width="${bw * 0.88}" height="${bh * 0.84}" rx="14" fill="${faceColor}" stroke="#888" stroke-width="2"/>`);
  }
  // Register window.
  const pad = drumW * 0.25;
  parts.push(`<rect x="${regX - pad}" y="${regY - pad}" width="${regW + 2 * pad}" height="${drumH + 2 * pad}" rx="6" fill="#5b5f63" stroke="#333" stroke-width="3"/>`);
  const chars = [...intPart!, ...decPart];
  chars.forEach((ch, i) => {
    const x = regX + i * (drumW + gap);
    const isDecimal = i >= intPart!.length;
    const fill = isDecimal ? redDrum : drums === 'dark' ? darkDrum : '#f7f7f2';
    const ink = isDecimal || drums === 'dark' ? '#ffffff' : '#111111';
    // A drum that has not fully rolled into place sits a little off centre.
    const roll = between(-0.06, 0.06) * drumH;
    parts.push(`<rect x="${x}" y="${regY}" width="${drumW}" height="${drumH}" rx="3" fill="${fill}"/>`);
    parts.push(
      `<text x="${x + drumW / 2}" y="${regY + drumH / 2 + fontSize * 0.36 + roll}" font-family="DejaVu Sans Mono, DejaVu Sans, monospace" font-weight="bold" font-size="${fontSize}" fill="${ink}" text-anchor="middle">${ch}</text>`,
    );
  });
  // Drum shading: the top and bottom of a cylinder are darker.
  parts.push(
    `<defs><linearGradient id="drum" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.25" stop-color="#000" stop-opacity="0"/><stop offset="0.75" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></linearGradient></defs>`,
  );
  parts.push(`<rect x="${regX}" y="${regY}" width="${regW}" height="${drumH}" fill="url(#drum)"/>`);
  // Unit label right of the register.
  const unitSize = drumW * 0.8;
  const unitText = unit === 'm³' ? 'm<tspan dy="-0.4em" font-size="0.6em">3</tspan>' : unit;
  parts.push(
    `<text x="${regX + regW + pad + drumW * 0.35}" y="${regY + drumH * 0.72}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${unitSize}" fill="#222">${unitText}</text>`,
  );
  // Serial number and ratings elsewhere on the face.
  const small = drumW * 0.5;
  const serial = `${pick(['Nr', 'No.', 'S/N', '№'])} ${digits(pick([7, 8, 9]))}`;
  const year = String(2012 + Math.floor(rnd() * 13));
  const ratings = water
    ? [`Qn ${pick(['1,5', '2,5', '1.5', '2.5'])} m³/h`, `${pick(['R160-H', 'R100-H', 'R80-V', 'Class B'])}`, `PN ${pick(['10', '16'])} bar  ${pick(['30°C', '90°C'])}`]
    : [`230V ${pick(['5(60)A', '10(80)A', '5(100)A'])} 50Hz`, `${pick(['1000', '800', '500', '10000'])} imp/kWh`, `Class ${pick(['1', '2', 'B'])}`];
  const textColor = '#333';
  const ratingY = regY - drumH * 0.9;
  parts.push(`<text x="${cx}" y="${ratingY}" font-family="DejaVu Sans, sans-serif" font-size="${small}" fill="${textColor}" text-anchor="middle">${escapeXml(ratings[0]!)}</text>`);
  parts.push(`<text x="${cx}" y="${ratingY - small * 1.4}" font-family="DejaVu Sans, sans-serif" font-size="${small * 0.85}" fill="${textColor}" text-anchor="middle">${escapeXml(ratings[1]!)}</text>`);
  const lowY = regY + drumH + pad + small * 2.2;
  parts.push(`<text x="${cx}" y="${lowY}" font-family="DejaVu Sans Mono, monospace" font-size="${small}" fill="${textColor}" text-anchor="middle">${escapeXml(serial)}</text>`);
  parts.push(`<text x="${cx}" y="${lowY + small * 1.4}" font-family="DejaVu Sans, sans-serif" font-size="${small * 0.8}" fill="${textColor}" text-anchor="middle">${escapeXml(ratings[2]!)}  ${year}</text>`);
  if (!water) {
    // A barcode under the serial number.
    const bx = cx - drumW * 2.5;
    const by = lowY + small * 2.2;
    let x = bx;
    while (x < bx + drumW * 5) {
      const w = 1 + Math.floor(rnd() * 4);
      parts.push(`<rect x="${x}" y="${by}" width="${w}" height="${small * 1.6}" fill="#111"/>`);
      x += w + 1 + Math.floor(rnd() * 4);
    }
  }

  // Uneven light: a bright spot and a shadow on opposite sides.
  const lx = between(0.1, 0.9) * 100;
  const ly = between(0.1, 0.9) * 100;
  const overlay = `<defs><radialGradient id="light" cx="${lx}%" cy="${ly}%" r="75%"><stop offset="0" stop-color="#fff" stop-opacity="${(light * 0.55).toFixed(3)}"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${(light * 0.75).toFixed(3)}"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#light)"/>`;

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${wall}"/>
<g transform="rotate(${rotation.toFixed(3)} ${cx} ${cy})">${parts.join('')}</g>
${overlay}
</svg>`;

  const raw = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const data = raw.data;
  if (noise > 0) {
    for (let i = 0; i < data.length; i++) {
      // Approximately normal noise (sum of uniforms), deterministic from the seed.
      const n = (rnd() + rnd() + rnd() - 1.5) * noise;
      data[i] = Math.max(0, Math.min(255, data[i]! + n));
    }
  }
  let img = sharp(data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } });
  if (blur >= 0.3) img = img.blur(blur);
  return img.png().toBuffer();
}
