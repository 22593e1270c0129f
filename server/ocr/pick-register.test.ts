import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type OcrLine, plausibility, type Quad, rankCandidates, readRegister, type RegisterRead, registerRegions, registerShape, weighWithDetector, withDecimalMark } from './pick-register';

const box = (x: number, y: number, w: number, h: number): Quad => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
const line = (text: string, x: number, y: number, w: number, h: number, confidence = 0.95): OcrLine => ({ text, confidence, box: box(x, y, w, h) });

describe('registerRegions', () => {
  it('picks the large digit row beside the unit over the serial number, ratings and year', () => {
    const lines = [
      line('Qn 2,5 m3/h', 300, 120, 200, 30),
      line('00123', 250, 250, 240, 70),
      line('456', 500, 252, 140, 68),
      line('m3', 660, 262, 50, 45),
      line('Nr 12345678', 300, 380, 230, 32, 0.99),
      line('PN 16 bar 2019', 300, 430, 260, 28),
    ];
    const [best] = registerRegions(lines);
    expect(best!.text).toBe('00123 456 m3');
    expect(best!.unit).toBe('m3');
  });
});

describe('registerRegions, serial numbers', () => {
  it('knows a serial number whose label the detector read as a line of its own', () => {
    const lines = [line('S/N', 100, 400, 60, 30), line('40994226', 170, 400, 200, 30)];
    const [region] = registerRegions(lines);
    expect(region!.serial).toBe(true);
  });
});

describe('readRegister', () => {
  it('takes the decimals from red drums at the end of the row', () => {
    const chars = [...'0012345'].map((ch, i) => ({ ch, p: 0.99, x: 0.1 + i * 0.1 }));
    // Columns 0.6..0.85 of the crop are red: the last two drums.
    const red = Array.from({ length: 100 }, (_, i) => (i >= 55 && i <= 85 ? 0.6 : 0));
    expect(readRegister(chars, { red })).toMatchObject({ digits: '0012345', decimals: 2, decimalsFrom: 'red' });
  });

  it('puts back repeated digits the recogniser merged', () => {
    // "51000" read as "5100": the last 0 sits two drum pitches after the one before it.
    const chars = [
      { ch: '5', p: 0.99, x: 0.1 },
      { ch: '1', p: 0.99, x: 0.2 },
      { ch: '0', p: 0.99, x: 0.3 },
      { ch: '0', p: 0.99, x: 0.5 },
    ];
    expect(readRegister(chars)!.digits).toBe('51000');
  });
});

describe('rankCandidates', () => {
  it("prefers the meter's known decimals, and a value that does not run backwards", () => {
    const read = { digits: '0012345', decimals: 2, decimalsFrom: 'red' as const, probs: [0.99, 0.99, 0.99, 0.99, 0.99, 0.6, 0.99], alts: [undefined, undefined, undefined, undefined, undefined, { ch: '8', p: 0.35 }, undefined], confidence: 0.9, span: [0.1, 0.7] as [number, number], pitch: 0.1 };
    expect(rankCandidates([read], { decimals: 3 })[0]!.value).toBe('0012.345');
    // The alternative 0012385 (123.85) is above the last reading, 0012345 (123.45) below it.
    expect(rankCandidates([read], { lastReading: 123.6 })[0]!.value).toBe('00123.85');
  });

  it('property: confidences stay within 0..1 and the list is best first', () => {
    const digit = fc.constantFrom(...'0123456789');
    fc.assert(
      fc.property(fc.array(digit, { minLength: 1, maxLength: 12 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.option(fc.integer({ min: 0, max: 3 })), (ds, p, decimals) => {
        const digits = ds.join('');
        const read = { digits, decimals: null, decimalsFrom: null, probs: ds.map(() => p), alts: ds.map(() => ({ ch: '7', p: 1 - p })), confidence: p, span: [0, 1] as [number, number], pitch: null };
        const ranked = rankCandidates([read], { decimals });
        for (const c of ranked) {
          expect(c.confidence).toBeGreaterThanOrEqual(0);
          expect(c.confidence).toBeLessThanOrEqual(1);
        }
        expect(ranked.map((c) => c.confidence)).toEqual([...ranked.map((c) => c.confidence)].sort((a, b) => b - a));
      }),
    );
  });
});

describe('withDecimalMark and plausibility', () => {
  it('keeps every digit and leading zeros', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,10}$/), fc.integer({ min: 0, max: 4 }), (digits, decimals) => {
        const value = withDecimalMark(digits, decimals);
        expect(value.replace('.', '')).toBe(digits);
        if (decimals > 0 && decimals < digits.length) expect(value.split('.')[1]).toHaveLength(decimals);
      }),
    );
  });

  it('trusts a value below the last reading, or far above it, less', () => {
    expect(plausibility('00120.5', 100)).toBe(1);
    expect(plausibility('00090.0', 100)).toBeLessThan(1);
    expect(plausibility('99999', 100)).toBeLessThan(1);
    expect(plausibility('5', null)).toBe(1);
  });
});

describe('rankCandidates, close calls', () => {
  it('makes the best value less sure when the runner-up is about as likely', () => {
    const read: RegisterRead = { digits: '40994226', decimals: null, decimalsFrom: null, probs: [0.5, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99, 0.99], alts: [{ ch: '0', p: 0.5 }, ...Array(7).fill(undefined)], confidence: 0.9, span: [0.2, 0.8], pitch: 0.08 };
    const [best, second] = rankCandidates([read], { decimals: 3 });
    expect(best!.confidence).toBeLessThan(0.8);
    expect(second!.confidence).toBeLessThanOrEqual(best!.confidence);
  });
});

describe('rankCandidates, a skipped last drum', () => {
  const read = (digits: string, confidence: number): RegisterRead => ({ digits, decimals: null, decimalsFrom: null, probs: [...digits].map(() => 0.97), alts: [...digits].map(() => undefined), confidence, span: [0.2, 0.8], pitch: 0.08 });

  it("on a drum meter, prefers the read that holds another's digits and one drum more at the end", () => {
    // The recogniser skipped the last drum, caught between two digits, in one crop: 0280982 with 3 decimals is 0280.982.
    const reads = [read('0280982', 0.775), read('02809826', 0.72)];
    expect(rankCandidates(reads, { decimals: 3, type: 'gas' })[0]!.value).toBe('02809.826');
    // Alone, or on an LCD (no drums turning), the shorter read still wins as before.
    expect(rankCandidates(reads, { decimals: 3, type: 'electricity' })[0]!.value).toBe('0280.982');
    expect(rankCandidates([reads[0]!], { decimals: 3, type: 'gas' })[0]!.value).toBe('0280.982');
  });

  it('does not prefer a longer read that is much less sure, or that differs before its end', () => {
    expect(rankCandidates([read('0280982', 0.775), read('02809826', 0.3)], { decimals: 3, type: 'gas' })[0]!.value).toBe('0280.982');
    expect(rankCandidates([read('0280982', 0.775), read('02819826', 0.72)], { decimals: 3, type: 'gas' })[0]!.value).toBe('0280.982');
  });

  it('does not make a sixth whole-number drum of a digit after the register (the unit m³ read as 3)', () => {
    expect(rankCandidates([read('0002975', 0.53), read('00029753', 0.53)], { decimals: 2, type: 'cold_water' })[0]!.value).toBe('00029.75');
  });
});

describe('registerShape, nothing but 8s', () => {
  it("doubts an LCD read of only 8s (unlit segments taken for lit), not a drum meter's", () => {
    expect(registerShape('88', { type: 'heating' })).toBeLessThan(registerShape('25', { type: 'heating' }));
    expect(registerShape('8888.88', { type: 'electricity', decimals: 2 })).toBeLessThan(registerShape('1234.56', { type: 'electricity', decimals: 2 }));
    expect(registerShape('88888.888', { type: 'cold_water', decimals: 3 })).toBe(registerShape('12345.678', { type: 'cold_water', decimals: 3 }));
  });
});

describe('rankCandidates, decimals that disagree with the meter', () => {
  it("ranks a read whose lit decimal point leaves fewer decimals than the meter's below a less sure one that agrees", () => {
    const lcd = (digits: string, decimals: number, confidence: number): RegisterRead => ({ digits, decimals, decimalsFrom: 'mark', probs: [...digits].map(() => confidence), alts: [...digits].map(() => undefined), confidence, span: [0.2, 0.8], pitch: 0.08 });
    // The last digit, at the window's edge, left out of one read: 97.62 where the display shows 976.27.
    const [best] = rankCandidates([lcd('9762', 1, 0.6), lcd('97627', 2, 0.45)], { decimals: 2 });
    expect(best!.value).toBe('976.27');
  });
});

describe('rankCandidates, a drum register found by its red drums', () => {
  const read = (digits: string, decimals: number | null, confidence: number): RegisterRead => ({ digits, decimals, decimalsFrom: decimals === null ? null : 'red', probs: [...digits].map(() => confidence), alts: [...digits].map(() => undefined), confidence, span: [0.2, 0.8], pitch: 0.08, weight: 0.85 });
  // A gas meter's serial number read crisply (no red drum in it) beside its register read less surely (two red drums).
  const reads = [read('42395362', null, 0.996), read('0000569', 2, 0.933)];

  it("prefers the read with as many red drums as the meter's decimals over a surer read with none", () => {
    expect(rankCandidates(reads, { decimals: 2, type: 'gas' })[0]!.value).toBe('00005.69');
  });

  it('leaves reads without red alone on meters of other types, or when no read has the red drums of the meter', () => {
    expect(rankCandidates(reads, { decimals: 2, type: 'electricity' })[0]!.value).toBe('423953.62');
    expect(rankCandidates(reads, { decimals: 3, type: 'gas' })[0]!.value).toBe('42395.362');
  });

  it('keeps a read of the same register whose red drums that crop missed (about the same digits)', () => {
    // The last drum half-rolled: read as 3 where the red drums were counted, as 2 in a crop without them.
    const [best] = rankCandidates([read('2257113', null, 0.6), read('2257103', 3, 0.45)], { decimals: 3, type: 'cold_water' });
    expect(best!.value).toBe('2257.113');
  });
});

describe('weighWithDetector', () => {
  const read = (digits: string, confidence: number): RegisterRead => ({ digits, decimals: null, decimalsFrom: null, probs: [...digits].map(() => confidence), alts: [...digits].map(() => undefined), confidence, span: [0.2, 0.8], pitch: 0.08 });

  it('leaves the reads as they are when one agrees with what the detector read', () => {
    const reads = [read('00469808', 0.93)];
    expect(weighWithDetector(reads, '00469808', 0.99)).toEqual(reads);
  });

  it('makes no read sure when none agrees, and prefers the detector when it read one drum more at an end', () => {
    const lastDrum = weighWithDetector([read('0046980', 0.93)], '00469808', 0.99);
    expect(Math.max(...lastDrum.map((r) => r.confidence))).toBeLessThan(0.8);
    expect(rankCandidates(lastDrum, { decimals: 3 })[0]!.value).toBe('00469.808');
    const leadingZero = weighWithDetector([read('0135717', 0.9)], '00135717', 0.97);
    expect(rankCandidates(leadingZero, { decimals: 3 })[0]!.value).toBe('00135.717');
    // Otherwise the reread stays first, though not sure either.
    const other = weighWithDetector([read('00994226', 0.9)], '40994226', 0.98);
    const [best] = rankCandidates(other, { decimals: 3 });
    expect(best!.value).toBe('00994.226');
    expect(best!.confidence).toBeLessThan(0.8);
  });

  it('keeps a read that holds one drum more than the detector saw first, though not sure', () => {
    const [best] = rankCandidates(weighWithDetector([read('7257357', 0.85)], '725735', 0.99), { decimals: 2 });
    expect(best!.value).toBe('72573.57');
    expect(best!.confidence).toBeLessThan(0.8);
  });

  it('ignores a detector read too short to be a register', () => {
    const reads = [read('12345', 0.9)];
    expect(weighWithDetector(reads, '123', 0.99)).toEqual(reads);
  });
});

describe('readRegister, an LCD', () => {
  it("reads a lit decimal point right after the last digit as decimals not read, which the meter's decimals then doubt", () => {
    const chars = [...'000339'].map((ch, i) => ({ ch, p: 0.95, x: 0.2 + i * 0.08 })).concat([{ ch: '.', p: 0.9, x: 0.64 }]);
    const lcd = readRegister(chars, { maxGap: 1.7, trailingMark: true })!;
    expect(lcd).toMatchObject({ digits: '000339', decimals: 0, decimalsFrom: 'mark' });
    expect(rankCandidates([lcd], { decimals: 2 })[0]!.confidence).toBeLessThan(0.8);
  });
});
