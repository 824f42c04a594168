import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { RuleEnvelope, RuleExplanation, ScanMeter } from '@wm/rules';
import type { AliasRules, RunnableRule } from './rules-dependencies';

/** What one evaluation may spend: evaluation time (ms) and characters of text scanned. */
export type EvaluationBudget = { timeMs: number; maxScanned: number };

export type Evaluation = {
  matched: RunnableRule[];
  explanations: RuleExplanation[];
  /** Why the evaluation stopped before its last rule (pt-BR, for the event log); null when it ran whole. */
  stopped: string | null;
};

/**
 * How long evaluation runs before letting the event loop serve what waits (HTTP requests, other
 * messages). One rule's regex over a large text takes a few milliseconds, so /healthz and every
 * other request wait at most about this plus one rule.
 */
const SLICE_MS = 10;

const formatCount = (value: number) => value.toLocaleString('pt-BR');

/**
 * Runs an alias's rules against an envelope in slices of SLICE_MS, yielding to the event loop
 * between them, so many costly rules (thousands of regexes over a large text) never hold the
 * process's one thread for long. Past `budget` (evaluation time, not counting the pauses; or text
 * scanned) it stops with the pt-BR reason, and no action of that call runs.
 */
export async function evaluateRules(
  aliasRules: AliasRules,
  envelope: RuleEnvelope,
  budget: EvaluationBudget,
): Promise<Evaluation> {
  const matched: RunnableRule[] = [];
  const explanations: RuleExplanation[] = [];
  const meter: ScanMeter = { scanned: 0 };
  const total = aliasRules.rules.length;
  let evaluated = 0;
  let spentMs = 0;
  // Durations on the monotonic timer: a measurement, not a time of day.
  let sliceStart = performance.now();
  const stop = (why: string): Evaluation => ({
    matched,
    explanations,
    stopped: `Avaliação das regras interrompida: ${why} (${formatCount(evaluated)} de ${formatCount(total)} regras avaliadas); nenhuma ação executada`,
  });
  for (const step of aliasRules.run(envelope, meter)) {
    evaluated += 1;
    if (step.isMatch) matched.push(step.rule);
    if (step.explanation) explanations.push(step.explanation);
    if (meter.scanned > budget.maxScanned) {
      return stop(`mais de ${formatCount(budget.maxScanned)} caracteres de texto examinados`);
    }
    const now = performance.now();
    if (spentMs + (now - sliceStart) > budget.timeMs) {
      return stop(`mais de ${formatCount(budget.timeMs)} ms de avaliação`);
    }
    if (now - sliceStart >= SLICE_MS) {
      spentMs += now - sliceStart;
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  return { matched, explanations, stopped: null };
}
