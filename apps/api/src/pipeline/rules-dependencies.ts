import type { RuleEnvelope, RuleExplanation, ScanMeter } from '@wm/rules';

// The rules cache as the context holds it (types only: context.ts imports this file, and the file
// that builds it imports the context).

/** An active rule as the consumer runs it: what its action needs. */
export type RunnableRule = { id: string; name: string; eventId: string | null; routeId: string };

/** The active rules of one (application, alias), compiled together: paths shared by rules are read once. */
export type AliasRules = {
  rules: RunnableRule[];
  /**
   * The rules evaluated one at a time, oldest first, `meter` counting the text scanned: each step
   * says whether the rule matched and, for the first MAX_EXPLAINED_RULES, why it fired or not
   * (what the event log keeps for the console's 'Avaliação das regras'). The caller may stop
   * between two steps (see `evaluate-rules.ts`).
   */
  run(
    envelope: RuleEnvelope,
    meter: ScanMeter,
  ): Generator<{ rule: RunnableRule; isMatch: boolean; explanation?: RuleExplanation }, void, void>;
};

export type RulesCache = {
  /**
   * The active rules of `applicationId` whose condition type is `alias`, oldest first, as of
   * `atLeastVersion` of the rules or later (reloaded when this process has not heard of it yet).
   */
  rulesFor(applicationId: string, alias: string, atLeastVersion?: number): Promise<AliasRules>;
  /** Stops listening for changes. */
  stop(): Promise<void>;
};
