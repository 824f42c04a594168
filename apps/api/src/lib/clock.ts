/**
 * Where every "now" of the app comes from (`ctx.clock`): times written to the database and times
 * compared with them are read from one clock, passed into SQL as a parameter, never from the
 * database's clock. Tests pass a clock they move by hand.
 */
export type Clock = () => Date;

/** The real clock: the one place app code reads the system time. */
export const systemClock: Clock = () => new Date();
