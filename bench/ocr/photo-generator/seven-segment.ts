/**
 * Seven-segment glyphs as SVG polygons, for the photo generator's LCD faces. Segments are named
 * a (top), b (top right), c (bottom right), d (bottom), e (bottom left), f (top left), g (middle).
 */
export const SEGMENTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'] as const;
export type Segment = (typeof SEGMENTS)[number];

/** Lit segments per digit. Some displays draw 7 with f and 6/9 without their tails: both kinds occur. */
export function litSegments(digit: string, variant: { sevenWithF?: boolean; tails?: boolean } = {}): Set<Segment> {
  const tails = variant.tails ?? true;
  const table: Record<string, string> = {
    '0': 'abcdef',
    '1': 'bc',
    '2': 'abdeg',
    '3': 'abcdg',
    '4': 'bcfg',
    '5': 'acdfg',
    '6': tails ? 'acdefg' : 'cdefg',
    '7': variant.sevenWithF ? 'abcf' : 'abc',
    '8': 'abcdefg',
    '9': tails ? 'abcdfg' : 'abcfg',
  };
  return new Set([...(table[digit] ?? '')] as Segment[]);
}

export type CellGeometry = { x: number; y: number; w: number; h: number; thickness: number; slant: number; gap: number };

/** The polygon of one segment of a cell whose top-left corner is (x, y); `slant` shifts the top right. */
export function segmentPolygon(seg: Segment, g: CellGeometry): Array<[number, number]> {
  const { w, h, thickness: t, gap } = g;
  const half = h / 2;
  const tt = t / 2;
  // Points in the cell's upright frame (u right, v down); each segment is a hexagon with pointed ends.
  const horizontal = (v: number): Array<[number, number]> => [
    [gap + tt, v],
    [gap + 2 * tt, v - tt],
    [w - gap - 2 * tt, v - tt],
    [w - gap - tt, v],
    [w - gap - 2 * tt, v + tt],
    [gap + 2 * tt, v + tt],
  ];
  const vertical = (u: number, v0: number, v1: number): Array<[number, number]> => [
    [u, v0 + gap + tt],
    [u + tt, v0 + gap + 2 * tt],
    [u + tt, v1 - gap - 2 * tt],
    [u, v1 - gap - tt],
    [u - tt, v1 - gap - 2 * tt],
    [u - tt, v0 + gap + 2 * tt],
  ];
  const pts: Record<Segment, Array<[number, number]>> = {
    a: horizontal(tt),
    g: horizontal(half),
    d: horizontal(h - tt),
    f: vertical(tt, tt, half),
    b: vertical(w - tt, tt, half),
    e: vertical(tt, half, h - tt),
    c: vertical(w - tt, half, h - tt),
  };
  return pts[seg].map(([u, v]) => [g.x + u + g.slant * (h - v), g.y + v]);
}

export function polygonSvg(points: Array<[number, number]>, fill: string): string {
  return `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}"/>`;
}
