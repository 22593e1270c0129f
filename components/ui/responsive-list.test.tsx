import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CardHeadline, figureCells } from './responsive-list';

describe('list pieces', () => {
  it('CardHeadline shows what the item is and its amount at the right', () => {
    const html = renderToStaticMarkup(
      <CardHeadline amount="12,50 €">
        <span>Apt 4</span>
      </CardHeadline>,
    );
    expect(html).toBe('<div class="flex flex-wrap items-center justify-between gap-2"><span>Apt 4</span><span class="font-medium tabular-nums">12,50 €</span></div>');
  });

  it('figureCells right-aligns a column of figures and adds its own classes', () => {
    expect(figureCells('font-medium')).toEqual({ headClassName: 'text-right', cellClassName: 'text-right whitespace-nowrap tabular-nums font-medium' });
  });
});
