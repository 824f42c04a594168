import type { Bindings, ChildLoggerOptions, Level, LevelWithSilentOrString, Logger } from 'pino';

/**
 * A request's logger that becomes pino's child (its bindings serialised and redacted) only when a
 * line is written at an enabled level: most requests write none, and making the child cost every
 * emit a few microseconds. Lines, bindings and levels are the child's own. The caller makes a real
 * child when the request has a level of its own.
 */
export class LazyChildLogger {
  #child: Logger | null = null;
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#made().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.#made().child(bindings, options);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  #write(level: Level, args: unknown[]) {
    if (!this.#child && !this.#parent.isLevelEnabled(level)) return;
    (this.#made()[level] as (...values: unknown[]) => void)(...args);
  }

  #made(): Logger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }
}

/** Fastify's `childLoggerFactory`: a lazy child, or pino's own when the route sets a level. */
export function makeRequestLogger(parent: Logger, bindings: Bindings, options: ChildLoggerOptions) {
  return options.level ? parent.child(bindings, options) : new LazyChildLogger(parent, bindings, options);
}
