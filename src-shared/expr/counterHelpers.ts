// The counter() helper: a named serial number, one value per label of a render, numbered from what the render reserved.
import { counterOptionsOf } from './counterCall';
import type { HelperSpec } from './helperSpec';
import { toDisplayString } from './values';

export const COUNTER_HELPERS: Readonly<Record<string, HelperSpec>> = {
  /**
   * counter(name, {start, step, pad}): the render's first value of the counter (the store's next one; the start when
   * nothing was reserved, as in previews), plus step for each label before this one in the render. Padded values are
   * text with leading zeros, so they stay padded wherever they go; unpadded ones are numbers for arithmetic.
   */
  counter: {
    minArgs: 1,
    maxArgs: 2,
    run: (env, name, options) => {
      const { start, step, pad } = counterOptionsOf(options);
      const key = toDisplayString(name);
      const reserved = env.counters !== undefined && Object.hasOwn(env.counters, key) ? env.counters[key] : undefined;
      const value = (reserved ?? start) + (env.labelIndex ?? 0) * step;
      return pad > 0 ? String(value).padStart(pad, '0') : value;
    },
  },
};
