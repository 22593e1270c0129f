import { type CellGeometry, litSegments, polygonSvg, SEGMENTS, segmentPolygon } from './seven-segment';

/**
 * Meter faces as flat SVG drawings (the photo effects come after, on pixels, in generate.ts). Four styles:
 * an electricity meter's LCD, a heat meter's LCD, a water meter's drums and a gas meter's drums, each with
 * the distractors a real face has (brand, serial number, barcode, ratings, OBIS codes, dials).
 */
export type FaceStyle = 'lcd-electricity' | 'lcd-heat' | 'drum-water' | 'drum-gas';
export const FACE_STYLES: readonly FaceStyle[] = ['lcd-electricity', 'lcd-heat', 'drum-water', 'drum-gas'];

export type Rng = {
  next(): number;
  between(lo: number, hi: number): number;
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  digits(n: number): string;
};

export type Face = {
  svg: string;
  width: number;
  height: number;
  /** The register as a reader must give it: every shown digit, '.' before the decimals. */
  value: string;
  decimals: number;
  unit: string;
  /** What the generator chose, for the bench's notes. */
  notes: string[];
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const BRANDS = ['AQUARIS', 'Norvik', 'METRONA', 'HydroLine', 'Kalmeter', 'ENERGA-TEC', 'Voltmark', 'GASWERK', 'Baltic Flow', 'SENSOTRONIC'];
const SANS = 'DejaVu Sans, sans-serif';

function text(x: number, y: number, size: number, s: string, opts: { fill?: string; anchor?: string; weight?: string; family?: string } = {}): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="${opts.family ?? SANS}" font-size="${size.toFixed(1)}" fill="${opts.fill ?? '#222'}" text-anchor="${opts.anchor ?? 'start'}"${opts.weight ? ` font-weight="${opts.weight}"` : ''}>${esc(s)}</text>`;
}

function barcode(r: Rng, x: number, y: number, w: number, h: number): string {
  const out: string[] = [];
  let cx = x;
  while (cx < x + w) {
    const bw = r.between(1, 4) * (w / 160);
    out.push(`<rect x="${cx.toFixed(1)}" y="${y}" width="${bw.toFixed(1)}" height="${h}" fill="#111"/>`);
    cx += bw + r.between(1, 4) * (w / 160);
  }
  return out.join('');
}

/** A register value with `decimals`: `intDigits` digits before the mark, a random magnitude, leading zeros kept. */
function registerDigits(r: Rng, total: number): string {
  const significant = r.int(1, total);
  return r.digits(significant).padStart(total, '0');
}

const withMark = (digits: string, decimals: number) => (decimals ? `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}` : digits);

/** A row of seven-segment cells; blank cells (' ') show only ghosts. Returns the SVG and the row's right end. */
function segmentRow(
  r: Rng,
  chars: string[],
  dpAfter: number | null,
  geo: Omit<CellGeometry, 'x'> & { x0: number; pitch: number },
  colours: { lit: string; ghost: string },
  variant: { sevenWithF: boolean; tails: boolean },
): string {
  const out: string[] = [];
  chars.forEach((ch, i) => {
    const cell: CellGeometry = { ...geo, x: geo.x0 + i * geo.pitch };
    const lit = ch === ' ' ? new Set() : litSegments(ch, variant);
    for (const seg of SEGMENTS) out.push(polygonSvg(segmentPolygon(seg, cell), lit.has(seg) ? colours.lit : colours.ghost));
    // Every cell has a decimal point; the one after the integer digits is lit.
    const dpX = cell.x + cell.w + (geo.pitch - cell.w) / 2;
    const dpR = geo.thickness * 0.55;
    out.push(`<circle cx="${dpX.toFixed(1)}" cy="${(cell.y + cell.h - dpR).toFixed(1)}" r="${dpR.toFixed(1)}" fill="${dpAfter === i ? colours.lit : colours.ghost}"/>`);
  });
  void r;
  return out.join('');
}

function mix(a: [number, number, number], b: [number, number, number], t: number): string {
  const c = a.map((v, i) => Math.round(v + (b[i]! - v) * t));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

function lcdFace(r: Rng, kind: 'electricity' | 'heat'): Face {
  const W = 1100;
  const H = 820;
  const notes: string[] = [];
  const positions = kind === 'electricity' ? r.pick([6, 7, 8]) : 8;
  const decimals = kind === 'electricity' ? r.pick([0, 0, 1, 2]) : r.pick([3, 3, 2, 0]);
  const unit = kind === 'electricity' ? 'kWh' : decimals === 3 ? 'MWh' : decimals === 2 ? 'GJ' : 'kWh';
  let shown: string;
  let chars: string[];
  if (kind === 'electricity') {
    shown = registerDigits(r, positions);
    chars = [...shown];
  } else {
    // Heat meters blank the leading zeros; the digit before the mark always shows.
    const sig = r.int(decimals + 1, positions - 1);
    const digits = r.digits(sig).replace(/^0+(?=\d{1,}$)/, '');
    const minLen = decimals + 1;
    shown = digits.padStart(minLen, '0');
    chars = [...' '.repeat(positions - shown.length), ...shown];
    notes.push(`blanked ${positions - shown.length}`);
  }
  const value = withMark(shown, decimals);
  const ghostContrast = r.between(0.1, 0.4);
  notes.push(`ghost ${(ghostContrast * 100).toFixed(0)}%`);
  const dim = r.chance(0.35);
  const bgs: Array<[number, number, number]> = dim ? [[120, 138, 104], [150, 128, 84], [110, 122, 118]] : [[196, 206, 184], [214, 216, 204], [186, 200, 190], [220, 212, 170]];
  const bg = r.pick(bgs);
  if (dim) notes.push('dim backlight');
  const ink: [number, number, number] = dim ? [36, 40, 34] : [22, 26, 24];
  const colours = { lit: mix(bg, ink, 1), ghost: mix(bg, ink, ghostContrast) };
  const variant = { sevenWithF: r.chance(0.3), tails: r.chance(0.7) };
  const body = r.pick(['#e6e6e2', '#d2d5d8', '#f2f0ea', '#3b3f44', '#c7cbd0']);
  const darkBody = body === '#3b3f44';
  const printed = darkBody ? '#e8e8e8' : '#222';
  const parts: string[] = [];
  parts.push(`<rect x="10" y="10" width="${W - 20}" height="${H - 20}" rx="36" fill="${body}" stroke="#555" stroke-width="4"/>`);
  // LCD window.
  const lcd = { x: W * 0.14, y: H * 0.3, w: W * 0.72, h: H * 0.28 };
  parts.push(`<rect x="${lcd.x}" y="${lcd.y}" width="${lcd.w}" height="${lcd.h}" rx="10" fill="#2b2b2b"/>`);
  parts.push(`<rect x="${lcd.x + 8}" y="${lcd.y + 8}" width="${lcd.w - 16}" height="${lcd.h - 16}" rx="6" fill="${mix(bg, bg, 0)}"/>`);
  const cellH = lcd.h * r.between(0.5, 0.62);
  const cellW = cellH * r.between(0.48, 0.6);
  const pitch = cellW * r.between(1.22, 1.4);
  const thickness = cellH * r.between(0.09, 0.13);
  const slant = r.between(0, 0.12);
  const rowW = positions * pitch;
  const unitW = cellH * 0.9;
  const hasObis = kind === 'electricity' ? r.chance(0.7) : r.chance(0.4);
  const obisW = hasObis ? cellH * 1.45 : 0;
  const x0 = lcd.x + 8 + (lcd.w - 16 - rowW - unitW - obisW) / 2 + obisW;
  const y0 = lcd.y + (lcd.h - cellH) / 2 + lcd.h * 0.06;
  parts.push(
    segmentRow(r, chars, decimals ? positions - decimals - 1 : null, { x0, pitch, y: y0, w: cellW, h: cellH, thickness, slant, gap: thickness * 0.12 }, colours, variant),
  );
  // Unit printed in the LCD, right of the digits.
  parts.push(text(x0 + rowW + cellH * 0.1, y0 + cellH * 0.95, cellH * 0.38, unit, { fill: colours.lit, weight: 'bold' }));
  // OBIS code or display index beside the value, in small segments.
  if (hasObis) {
    const code = kind === 'electricity' ? r.pick(['1.8.0', '1.8.1', '1.8.2', '2.8.0']) : r.pick(['1', '2', '3']);
    const smallH = cellH * 0.42;
    const smallW = smallH * 0.55;
    const smallPitch = smallW * 1.35;
    const digits = code.replace(/\./g, '');
    const dps = [...code].flatMap((c, i) => (c === '.' ? [code.slice(0, i).replace(/\./g, '').length - 1] : []));
    const sx = x0 - obisW;
    [...digits].forEach((d, i) => {
      const cell = { x: sx + i * smallPitch, y: y0 + cellH - smallH, w: smallW, h: smallH, thickness: smallH * 0.12, slant, gap: 1 };
      const lit = litSegments(d, variant);
      for (const seg of SEGMENTS) parts.push(polygonSvg(segmentPolygon(seg, cell), lit.has(seg) ? colours.lit : colours.ghost));
      if (dps.includes(i)) parts.push(`<circle cx="${cell.x + smallW + (smallPitch - smallW) / 2}" cy="${cell.y + smallH - 2}" r="${smallH * 0.06}" fill="${colours.lit}"/>`);
    });
    notes.push(`beside ${code}`);
  }
  // Status marks along the LCD's top edge.
  const marks = kind === 'electricity' ? ['L1', 'L2', 'L3', 'T1', 'T2', '◄', '►'] : ['ACC', 'Err', '▲', 'M', '∑'];
  marks.forEach((m, i) => parts.push(text(lcd.x + 30 + i * lcd.w * 0.1, lcd.y + lcd.h * 0.2, lcd.h * 0.09, m, { fill: r.chance(0.5) ? colours.lit : colours.ghost })));
  // Printing on the body: brand, ratings, serial number, barcode, rating plate.
  parts.push(text(W * 0.08, H * 0.14, H * 0.065, r.pick(BRANDS), { fill: printed, weight: 'bold' }));
  const ratings =
    kind === 'electricity'
      ? [`3x230/400 V  ${r.pick(['5(60)', '10(100)', '5(80)'])} A  50 Hz`, `${r.pick(['1000', '500', '10000'])} imp/kWh`, `Class ${r.pick(['A', 'B', '1'])}`]
      : [`qp ${r.pick(['0.6', '1.5', '2.5'])} m³/h  PN16`, `θ 5...${r.pick(['90', '105', '130'])} °C`, `Class ${r.pick(['2', '3'])}`];
  parts.push(text(W * 0.5, H * 0.22, H * 0.032, ratings[0]!, { fill: printed }));
  parts.push(text(W * 0.14, H * 0.66, H * 0.03, ratings[1]!, { fill: printed }));
  parts.push(text(W * 0.56, H * 0.66, H * 0.03, ratings[2]!, { fill: printed }));
  const serial = `${r.pick(['Nr.', 'S/N', 'No', 'Ser.No.'])} ${r.digits(r.pick([8, 9, 10]))}`;
  parts.push(text(W * 0.14, H * 0.74, H * 0.045, serial, { fill: printed, family: 'DejaVu Sans Mono, monospace' }));
  parts.push(barcode(r, W * 0.14, H * 0.77, W * 0.36, H * 0.08));
  parts.push(`<rect x="${W * 0.56}" y="${H * 0.7}" width="${W * 0.32}" height="${H * 0.2}" fill="none" stroke="${printed}" stroke-width="2"/>`);
  parts.push(text(W * 0.58, H * 0.75, H * 0.028, `M${r.int(10, 24)} ${r.digits(4)}  ${2010 + r.int(0, 15)}`, { fill: printed }));
  parts.push(text(W * 0.58, H * 0.8, H * 0.028, `${r.pick(['DE', 'EE', 'LV', 'PL'])}-${r.digits(3)}-${r.digits(5)}`, { fill: printed }));
  parts.push(text(W * 0.58, H * 0.85, H * 0.028, kind === 'heat' ? `${r.digits(2)}.${r.digits(3)} GJ max` : `${r.digits(6)} kWh/a`, { fill: printed }));
  return { svg: svgDoc(W, H, parts), width: W, height: H, value, decimals, unit, notes };
}

/** One drum: the digit, or (half-rolled) the digit moving up and the next one coming in from below. */
function drum(x: number, y: number, w: number, h: number, digit: number, roll: number, fill: string, ink: string, font: { family: string; weight: string; size: number }, clipId: string): string {
  const parts = [`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"/>`];
  const baseline = y + h / 2 + font.size * 0.36;
  const step = h * 0.95;
  const t = (d: number, dy: number) => `<text x="${(x + w / 2).toFixed(1)}" y="${(baseline + dy).toFixed(1)}" font-family="${font.family}" font-weight="${font.weight}" font-size="${font.size.toFixed(1)}" fill="${ink}" text-anchor="middle">${d}</text>`;
  parts.push(`<clipPath id="${clipId}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath><g clip-path="url(#${clipId})">`);
  parts.push(t(digit, -roll * step));
  if (roll > 0) parts.push(t((digit + 1) % 10, (1 - roll) * step));
  parts.push('</g>');
  return parts.join('');
}

function drumFace(r: Rng, kind: 'water' | 'gas'): Face {
  const W = kind === 'water' ? 1000 : 1100;
  const H = kind === 'water' ? 1000 : 800;
  const notes: string[] = [];
  const intDigits = kind === 'water' ? r.pick([4, 5, 5]) : 5;
  const decimals = kind === 'water' ? r.pick([3, 3, 2, 4]) : r.pick([3, 3, 2]);
  const total = intDigits + decimals;
  const digits = registerDigits(r, intDigits) + r.digits(decimals);
  const value = withMark(digits, decimals);
  // The last drum turns all the time: sometimes caught half-way (its reading is the lower digit).
  const rolling = r.chance(0.35) ? r.between(0.25, 0.5) : 0;
  if (rolling) notes.push(`half-rolled ${rolling.toFixed(2)}`);
  const scheme = r.pick(['black-red', 'black-red', 'white-red', 'black-redink'] as const);
  notes.push(scheme);
  const font = { family: r.pick(['DejaVu Sans, sans-serif', 'DejaVu Sans Condensed, DejaVu Sans, sans-serif', 'DejaVu Serif, serif', 'DejaVu Sans Mono, monospace']), weight: r.pick(['bold', 'normal']), size: 0 };
  const parts: string[] = [];
  const cx = W / 2;
  const cy = H / 2;
  let regW: number;
  if (kind === 'water') {
    const body = r.pick(['#1f4e8c', '#2c7a3c', '#b08a2a', '#555a60', '#8c1f1f']);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${W * 0.49}" fill="${body}"/>`);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${W * 0.43}" fill="${r.pick(['#ffffff', '#f3f0e6', '#e9eef2'])}" stroke="#333" stroke-width="3"/>`);
    regW = W * 0.56;
  } else {
    parts.push(`<rect x="10" y="10" width="${W - 20}" height="${H - 20}" rx="24" fill="${r.pick(['#e9e7df', '#d8d6cf', '#c0c4c8', '#f2e9c9'])}" stroke="#555" stroke-width="4"/>`);
    regW = W * 0.6;
  }
  const pitch = regW / total;
  const drumW = pitch * r.between(0.78, 0.9);
  const drumH = drumW * r.between(1.3, 1.6);
  font.size = drumW * r.between(0.85, 1.05);
  const regX = cx - regW / 2 - pitch * 0.3;
  const regY = kind === 'water' ? cy - H * 0.14 : cy - drumH / 2 - H * 0.05;
  const pad = pitch * 0.18;
  parts.push(`<rect x="${regX - pad}" y="${regY - pad}" width="${regW + 2 * pad - (pitch - drumW)}" height="${drumH + 2 * pad}" rx="5" fill="${r.pick(['#3a3d40', '#1a1a1a', '#6d7176'])}"/>`);
  for (let i = 0; i < total; i++) {
    const dec = i >= intDigits;
    const fills = {
      'black-red': dec ? ['#c3161c', '#fff'] : ['#151515', '#fff'],
      'white-red': dec ? ['#d21f26', '#fff'] : ['#f6f5ef', '#111'],
      'black-redink': dec ? ['#f6f5ef', '#c3161c'] : ['#151515', '#fff'],
    }[scheme];
    const d = Number(digits[i]);
    const roll = i === total - 1 ? rolling : 0;
    parts.push(drum(regX + i * pitch, regY, drumW, drumH, d, roll, fills[0]!, fills[1]!, font, `d${i}`));
  }
  // A red frame around the decimal drums on some faces.
  if (scheme === 'black-redink' || r.chance(0.3)) {
    parts.push(`<rect x="${regX + intDigits * pitch - pad * 0.6}" y="${regY - pad * 0.6}" width="${decimals * pitch - (pitch - drumW) + pad * 1.2}" height="${drumH + pad * 1.2}" fill="none" stroke="#c3161c" stroke-width="${pad * 0.4}"/>`);
  }
  // Drum shading: the cylinders are darker above and below.
  parts.push(
    `<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.5"/><stop offset="0.3" stop-color="#000" stop-opacity="0"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></linearGradient></defs>`,
  );
  parts.push(`<rect x="${regX}" y="${regY}" width="${total * pitch}" height="${drumH}" fill="url(#shade)"/>`);
  const regEnd = regX + total * pitch - (pitch - drumW) + pad;
  parts.push(text(regEnd + pitch * 0.3, regY + drumH * 0.75, drumH * 0.5, 'm³', { weight: 'bold' }));
  const small = H * 0.032;
  if (kind === 'water') {
    parts.push(text(cx, regY - drumH * 1.0, H * 0.055, r.pick(BRANDS), { anchor: 'middle', weight: 'bold' }));
    parts.push(text(cx, regY - drumH * 0.45, small, `Qn ${r.pick(['1,5', '2,5', '1.5'])} m³/h  ${r.pick(['R160-H', 'R100', 'Class C'])}`, { anchor: 'middle' }));
    parts.push(text(cx, regY + drumH + pad + small * 1.8, small * 1.3, `No ${r.digits(r.pick([7, 8]))}`, { anchor: 'middle', family: 'DejaVu Sans Mono, monospace' }));
    parts.push(text(cx, regY + drumH + pad + small * 3.4, small, `PN16  ${r.pick(['30°C', '90°C'])}  ${2012 + r.int(0, 13)}  MID M${r.int(12, 24)}`, { anchor: 'middle' }));
    // Little pointer dials for litres, with their factors.
    const dials = r.int(2, 4);
    for (let i = 0; i < dials; i++) {
      const dx = cx - W * 0.22 + i * W * 0.15;
      const dy = cy + H * 0.24;
      const rad = W * 0.05;
      parts.push(`<circle cx="${dx}" cy="${dy}" r="${rad}" fill="#fff" stroke="#c3161c" stroke-width="3"/>`);
      for (let k = 0; k < 10; k++) parts.push(text(dx + Math.sin((k * Math.PI) / 5) * rad * 0.7, dy - Math.cos((k * Math.PI) / 5) * rad * 0.7 + rad * 0.1, rad * 0.28, String(k), { anchor: 'middle', fill: '#c3161c' }));
      const a = r.between(0, 2 * Math.PI);
      parts.push(`<line x1="${dx}" y1="${dy}" x2="${dx + Math.sin(a) * rad * 0.8}" y2="${dy - Math.cos(a) * rad * 0.8}" stroke="#c3161c" stroke-width="4"/>`);
      parts.push(text(dx, dy + rad * 1.5, rad * 0.35, `x${['0,1', '0,01', '0,001', '0,0001'][i]}`, { anchor: 'middle' }));
    }
  } else {
    parts.push(text(W * 0.08, H * 0.14, H * 0.06, r.pick(BRANDS), { weight: 'bold' }));
    parts.push(text(W * 0.62, H * 0.12, H * 0.05, r.pick(['G4', 'G6', 'G2.5']), { weight: 'bold' }));
    parts.push(text(W * 0.08, H * 0.24, small, `Qmax ${r.pick(['6', '10', '4'])} m³/h   Qmin 0,04 m³/h`));
    parts.push(text(W * 0.08, H * 0.29, small, `pmax 0,5 bar   V = 1,2 dm³   t -20°C +50°C`));
    parts.push(text(W * 0.08, H * 0.72, small * 1.3, `${r.pick(['Nr.', 'S/N'])} ${r.digits(8)}`, { family: 'DejaVu Sans Mono, monospace' }));
    parts.push(barcode(r, W * 0.08, H * 0.75, W * 0.34, H * 0.08));
    parts.push(`<rect x="${W * 0.55}" y="${H * 0.68}" width="${W * 0.36}" height="${H * 0.22}" fill="none" stroke="#333" stroke-width="2"/>`);
    parts.push(text(W * 0.57, H * 0.73, small, `1 imp = 0,01 m³`));
    parts.push(text(W * 0.57, H * 0.78, small, `${2008 + r.int(0, 16)}  M${r.int(10, 24)} ${r.digits(4)}`));
    parts.push(text(W * 0.57, H * 0.83, small, `${r.pick(['EN 1359', 'DVGW', 'TPI'])} ${r.digits(2)}-${r.digits(3)}`));
  }
  return { svg: svgDoc(W, H, parts), width: W, height: H, value, decimals, unit: 'm³', notes };
}

function svgDoc(w: number, h: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
}

export function drawFace(r: Rng, style: FaceStyle): Face {
  if (style === 'lcd-electricity') return lcdFace(r, 'electricity');
  if (style === 'lcd-heat') return lcdFace(r, 'heat');
  if (style === 'drum-water') return drumFace(r, 'water');
  return drumFace(r, 'gas');
}
