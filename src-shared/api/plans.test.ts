import { describe, expect, it } from 'vitest';
import { dayOf, effectiveLimits, overQuota, periodOf, PLANS, quotaOf } from './plans';

describe('plans', () => {
  it('are the table of spec 8.1, with the storage budgets docs/security.md states', () => {
    expect(PLANS).toEqual({
      dev: { monthly: 100, perMinute: 10, perHour: 100, hardCap: true, storageBytes: 100_000_000 },
      starter: { monthly: 10_000, perMinute: 60, perHour: 1_000, hardCap: true, storageBytes: 1_000_000_000 },
      pro: { monthly: 100_000, perMinute: 300, perHour: 5_000, hardCap: false, storageBytes: 10_000_000_000 },
      enterprise: { monthly: -1, perMinute: 600, perHour: 10_000, hardCap: false, storageBytes: 50_000_000_000 },
    });
  });

  it("give a team its plan's limits, overridden field by field", () => {
    const none = { quotaLimit: null, rateMinute: null, rateHour: null, storageLimit: null };
    expect(effectiveLimits({ plan: 'starter', ...none })).toEqual(PLANS.starter);
    expect(effectiveLimits({ plan: 'dev', ...none, quotaLimit: 500, rateHour: 7, storageLimit: 2_000 })).toEqual({
      monthly: 500,
      perMinute: 10,
      perHour: 7,
      hardCap: true,
      storageBytes: 2_000,
    });
    expect(effectiveLimits({ plan: 'pro', ...none, quotaLimit: -1 }).monthly).toBe(-1);
  });

  it('report the quota as spec 2.6 does', () => {
    expect(quotaOf(PLANS.dev, 40)).toEqual({ limit: 100, remaining: 60, hardCap: true });
    expect(quotaOf(PLANS.pro, 100_050)).toEqual({ limit: 100_000, remaining: 0, hardCap: false });
    expect(quotaOf(PLANS.enterprise, 5)).toEqual({ limit: -1, remaining: -1, hardCap: false });
    expect(overQuota(PLANS.dev, 100)).toBe(false);
    expect(overQuota(PLANS.dev, 101)).toBe(true);
    expect(overQuota(PLANS.enterprise, 10 ** 9)).toBe(false);
  });
});

describe('billing periods', () => {
  it('are UTC calendar months ending at the start of the next month', () => {
    expect(periodOf(Date.parse('2025-06-15T12:00:00Z'))).toEqual({
      period: '2025-06',
      start: '2025-06-01T00:00:00.000Z',
      end: '2025-07-01T00:00:00.000Z',
    });
    expect(periodOf(Date.parse('2025-02-28T23:59:59.999Z')).end).toBe('2025-03-01T00:00:00.000Z');
  });

  it('roll over from December into January of the next year, at midnight UTC whatever the local zone', () => {
    expect(periodOf(Date.parse('2025-12-31T23:59:59.999Z'))).toEqual({
      period: '2025-12',
      start: '2025-12-01T00:00:00.000Z',
      end: '2026-01-01T00:00:00.000Z',
    });
    expect(periodOf(Date.parse('2026-01-01T00:00:00.000Z'))).toEqual({
      period: '2026-01',
      start: '2026-01-01T00:00:00.000Z',
      end: '2026-02-01T00:00:00.000Z',
    });
    // 2025-12-31 20:00 in New York is already January in UTC.
    expect(periodOf(Date.parse('2025-12-31T20:00:00-05:00')).period).toBe('2026-01');
    expect(dayOf(Date.parse('2025-12-31T20:00:00-05:00'))).toBe('2026-01-01');
  });
});
