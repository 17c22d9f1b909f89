import { describe, expect, it } from 'vitest';
import { previewFileName, previewPlan } from './previewPlan';

describe('preview plan', () => {
  it('renders pictures once and shows other formats as a PNG beside or instead of them', () => {
    expect(previewPlan('png', 300, 203)).toEqual({ save: { format: 'png', dpi: 300 }, display: null });
    expect(previewPlan('html', 300, 203)).toEqual({ save: { format: 'html' }, display: null });
    expect(previewPlan('pdf', 300, 203)).toEqual({ save: { format: 'pdf' }, display: { format: 'png', dpi: 200 } });
    expect(previewPlan('zpl', 300, 300)).toEqual({
      save: { format: 'zpl', zplDpi: 300 },
      display: { format: 'png', dpi: 300 },
    });
  });

  it('names saved files after the label', () => {
    expect(previewFileName('Price tag – Café', 'pdf')).toBe('price-tag-cafe.pdf');
    expect(previewFileName('***', 'zpl')).toBe('label.zpl');
  });
});
