// The plans of spec 8.1 (and their storage budgets), a team's effective limits after its overrides, and the UTC calendar-month billing period.
import { z } from 'zod';

export const PLAN_NAMES = ['dev', 'starter', 'pro', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export const planNameSchema = z.enum(PLAN_NAMES);

/** A monthly limit of -1 means unlimited (spec 2.6 quota.limit). */
export const UNLIMITED = -1;

export interface Limits {
  monthly: number;
  perMinute: number;
  perHour: number;
  /** true: live renders are refused at the limit; false: they go on and the team is flagged for review. */
  hardCap: boolean;
  /** Bytes of kept outputs (url deliveries, live and test keys together) the team may hold at once. */
  storageBytes: number;
}

/** Decimal, as disks are sold: 1 MB is 1,000,000 bytes. */
export const MB = 1_000_000;

export const PLANS: Readonly<Record<PlanName, Readonly<Limits>>> = {
  dev: { monthly: 100, perMinute: 10, perHour: 100, hardCap: true, storageBytes: 100 * MB },
  starter: { monthly: 10_000, perMinute: 60, perHour: 1_000, hardCap: true, storageBytes: 1_000 * MB },
  pro: { monthly: 100_000, perMinute: 300, perHour: 5_000, hardCap: false, storageBytes: 10_000 * MB },
  enterprise: { monthly: UNLIMITED, perMinute: 600, perHour: 10_000, hardCap: false, storageBytes: 50_000 * MB },
};

/** The largest output a render keeps (url delivery): one 4x6 in label is tens of KB, a 5,000-label PNG zip can pass 100 MB. */
export const MAX_OUTPUT_BYTES = 50 * MB;

/** What a team record says about its limits: its plan and the overrides an admin set (null: the plan's value). */
export interface LimitSettings {
  plan: PlanName;
  quotaLimit: number | null;
  rateMinute: number | null;
  rateHour: number | null;
  storageLimit: number | null;
}

export function effectiveLimits(team: LimitSettings): Limits {
  const plan = PLANS[team.plan];
  return {
    monthly: team.quotaLimit ?? plan.monthly,
    perMinute: team.rateMinute ?? plan.perMinute,
    perHour: team.rateHour ?? plan.perHour,
    hardCap: plan.hardCap,
    storageBytes: team.storageLimit ?? plan.storageBytes,
  };
}

/** The quota part of spec 2.6; remaining is -1 for an unlimited quota, and never below 0 once a soft cap is passed. */
export function quotaOf(limits: Limits, liveUsed: number): { limit: number; remaining: number; hardCap: boolean } {
  const remaining = limits.monthly === UNLIMITED ? UNLIMITED : Math.max(0, limits.monthly - liveUsed);
  return { limit: limits.monthly, remaining, hardCap: limits.hardCap };
}

/** True when more live renders were made than a finite quota allows: overage, which soft-capped teams are flagged for. */
export function overQuota(limits: Limits, liveUsed: number): boolean {
  return limits.monthly !== UNLIMITED && liveUsed > limits.monthly;
}

export interface BillingPeriod {
  /** 'YYYY-MM', the key of the monthly usage counters. */
  period: string;
  /** ISO 8601 start of the month, UTC. */
  start: string;
  /** ISO 8601 start of the next month, UTC: the period is [start, end). */
  end: string;
}

export function periodOf(now: number): BillingPeriod {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return {
    period: `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`,
    start: new Date(Date.UTC(year, month, 1)).toISOString(),
    // Date.UTC carries month 12 over into January of the next year.
    end: new Date(Date.UTC(year, month + 1, 1)).toISOString(),
  };
}

/** 'YYYY-MM-DD' in UTC, the key of the daily usage counters. */
export function dayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}
