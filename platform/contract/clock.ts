/**
 * The one source of "now" for storefront and platform. Production clocks follow the system time; a clock
 * made with `allowOverride` (tests and the e2e server only) can be fixed to an instant or moved forward.
 */
export interface Clock {
  now(): Date;
}

export interface ControllableClock extends Clock {
  /** Fix the clock at an instant; null returns it to the system time. */
  set(instant: Date | string | null): void;
  /** Move the clock forward by some milliseconds, fixing it if it was free. */
  advance(ms: number): void;
  readonly overridden: boolean;
}

export function systemClock(): Clock {
  return { now: () => new Date() };
}

export function controllableClock(start?: Date | string): ControllableClock {
  let fixed: number | null = start === undefined ? null : toMillis(start);
  return {
    now: () => new Date(fixed ?? Date.now()),
    set(instant) {
      fixed = instant === null ? null : toMillis(instant);
    },
    advance(ms) {
      fixed = (fixed ?? Date.now()) + ms;
    },
    get overridden() {
      return fixed !== null;
    },
  };
}

function toMillis(instant: Date | string): number {
  const ms = typeof instant === "string" ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new Error(`Not an instant: ${String(instant)}`);
  return ms;
}
