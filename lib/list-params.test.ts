import { describe, expect, it } from 'vitest';
import { definedOnly, listParams } from './list-params';

describe('a list page reading its address', () => {
  it('keeps well-formed values and drops the rest, so a mangled link opens the plain list', () => {
    const p = listParams({ buildingId: '0b6f3c3e-2f55-4d8e-9b43-0f4c1f0d2a11', apartmentId: 'x', from: '2026-02-30x', to: '2026-03-01', q: ['a', 'b'], sort: '-amount', status: 'sent' });
    expect(p.uuid('buildingId')).toBe('0b6f3c3e-2f55-4d8e-9b43-0f4c1f0d2a11');
    expect(p.uuid('apartmentId')).toBeUndefined();
    expect(p.date('from')).toBeUndefined();
    expect(p.date('to')).toBe('2026-03-01');
    // A repeated parameter is not a search.
    expect(p.text('q')).toBeUndefined();
    expect(p.sort([{ value: 'amount' }, { value: '-amount' }])).toBe('-amount');
    expect(p.sort([{ value: 'number' }])).toBeUndefined();
    expect(p.oneOf('status', ['draft', 'sent'] as const)).toBe('sent');
    expect(listParams({ q: '   ' }).text('q')).toBeUndefined();
    expect(listParams({ q: 'x'.repeat(500) }).text('q')).toHaveLength(200);
  });

  it('leaves unset fields out, so they do not overwrite the defaults', () => {
    expect({ q: '', sort: 'name', ...definedOnly({ q: undefined, sort: 'email', buildingId: undefined }) }).toEqual({ q: '', sort: 'email' });
  });
});
