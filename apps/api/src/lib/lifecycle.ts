/** One dependency a context starts: stopped by name, in the reverse of the order it started in. */
export type Dependency = { name: string; stop(): Promise<void> };

export type Lifecycle = {
  /** The dependencies' names, in the order they started. */
  readonly names: readonly string[];
  /**
   * Stops every dependency once, last started first, each after the one before has stopped; a
   * failure is handed to `onStopFailure` and the next one still stops. Later calls wait for the
   * first one and stop nothing again.
   */
  stop(): Promise<void>;
};

/** The lifecycle of `dependencies`, listed in the order they started. */
export function createLifecycle(
  dependencies: readonly Dependency[],
  onStopFailure: (name: string, error: unknown) => void,
): Lifecycle {
  let stopping: Promise<void> | null = null;
  const stopAll = async () => {
    for (const dependency of [...dependencies].reverse()) {
      try {
        await dependency.stop();
      } catch (error) {
        onStopFailure(dependency.name, error);
      }
    }
  };
  return {
    names: dependencies.map((dependency) => dependency.name),
    stop() {
      stopping ??= stopAll();
      return stopping;
    },
  };
}
