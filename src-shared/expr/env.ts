// What an evaluation may depend on besides the data: the clock, the time zone, and the render's counters.

/** Things an evaluation may depend on besides the data: the clock, the time zone, and the render's counters. */
export interface ExpressionEnv {
  /** The current time; injected so renders are reproducible in tests. */
  now: () => Date;
  /** IANA time zone for now()/formatDate, default UTC. */
  timeZone?: string;
  /**
   * The first value reserved for this render of each named counter; a counter missing here counts from its start
   * option (previews and renders without a store).
   */
  counters?: Readonly<Record<string, number>>;
  /** The label's position in its render (0 for the first, copies counted): counter() gives first + labelIndex × step. */
  labelIndex?: number;
}
