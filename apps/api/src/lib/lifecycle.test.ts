import { describe, expect, it } from 'vitest';
import { createLifecycle } from './lifecycle';

/** Dependencies that write their name in `stopped` when stopped; `failing` ones throw after. */
function declare(names: string[], failing: string[] = []) {
  const stopped: string[] = [];
  const dependencies = names.map((name) => ({
    name,
    async stop() {
      stopped.push(name);
      if (failing.includes(name)) throw new Error(`${name} broke`);
    },
  }));
  return { dependencies, stopped };
}

describe('the lifecycle of the context dependencies', () => {
  it('When it stops, then each dependency stops once, the last started first', async () => {
    const { dependencies, stopped } = declare(['database', 'cache', 'writer']);
    const lifecycle = createLifecycle(dependencies, () => {});
    await lifecycle.stop();
    expect(lifecycle.names).toEqual(['database', 'cache', 'writer']);
    expect(stopped).toEqual(['writer', 'cache', 'database']);
  });

  it('When the server and the workers both stop it, then nothing stops twice and both wait for the end', async () => {
    const { dependencies, stopped } = declare(['cache', 'writer']);
    const lifecycle = createLifecycle(dependencies, () => {});
    const [first, second] = [lifecycle.stop(), lifecycle.stop()];
    expect(second).toBe(first);
    await Promise.all([first, second]);
    await lifecycle.stop();
    expect(stopped).toEqual(['writer', 'cache']);
  });

  it('When a dependency fails to stop, then the failure is reported with its name and the next ones still stop', async () => {
    const { dependencies, stopped } = declare(['cache', 'writer', 'listener'], ['writer']);
    const failures: string[] = [];
    await createLifecycle(dependencies, (name, error) => failures.push(`${name}: ${String(error)}`)).stop();
    expect(stopped).toEqual(['listener', 'writer', 'cache']);
    expect(failures).toEqual(['writer: Error: writer broke']);
  });
});
