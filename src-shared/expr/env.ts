// What an evaluation may depend on besides the data: the clock and the time zone.

/** Things an evaluation may depend on besides the data: the clock and the time zone. */
export interface ExpressionEnv {
  /** The current time; injected so renders are reproducible in tests. */
  now: () => Date;
  /** IANA time zone for now()/formatDate, default UTC. */
  timeZone?: string;
}
