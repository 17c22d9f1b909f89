import { describe, expect, it } from 'vitest';
import { PixelBudget, PixelBudgetError } from './pixelBudget';

describe('PixelBudget', () => {
  it('adds charges up to the limit and refuses the one that would pass it, naming what asked', () => {
    const budget = new PixelBudget(1000);
    budget.charge(600, 'image "logo"');
    budget.charge(400, 'image "logo2"');
    expect(budget.used).toBe(1000);
    expect(() => budget.charge(1, 'image "extra"')).toThrow(PixelBudgetError);
    expect(() => budget.charge(1, 'image "extra"')).toThrow(/image "extra" needs 1 decoded pixels; .* budget of 1,000/);
    expect(budget.used).toBe(1000);
  });

  it('refuses nonsense sizes', () => {
    const budget = new PixelBudget(1000);
    expect(() => budget.charge(Number.NaN, 'x')).toThrow(PixelBudgetError);
    expect(() => budget.charge(-5, 'x')).toThrow(PixelBudgetError);
  });

  it('answers as a 400 BAD_REQUEST with the budget in its details', () => {
    try {
      new PixelBudget(10).charge(11, 'graphic');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PixelBudgetError);
      const appError = error as PixelBudgetError;
      expect([appError.status, appError.code]).toEqual([400, 'BAD_REQUEST']);
      expect(appError.details).toEqual({ budget: 'pixels', limit: 10, requested: 11 });
    }
  });
});
