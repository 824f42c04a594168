import { DEFAULT_INTEGRATION_LANGUAGE, type IntegrationLanguage } from '@wm/contracts';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { IntegrationCodePanel } from '@/components/integration-code/integration-code-panel';
import { useRuleCode } from '../api/get-rule-code';
import { useRulePayload } from '../api/get-rule-payload';

/**
 * The code that sends data firing this rule, in the chosen language, with copy. When the sample
 * cannot satisfy the conditions (e.g. a pattern too complex to generate), it says which and why.
 */
export function RuleIntegrationCode({ ruleId }: { ruleId: string }) {
  const [language, setLanguage] = useState<IntegrationLanguage>(DEFAULT_INTEGRATION_LANGUAGE);
  const code = useRuleCode(ruleId, language);
  const payload = useRulePayload(ruleId);
  const problems = payload.data?.isMatching === false ? (payload.data.problems ?? []) : [];
  return (
    <div className="grid gap-3" data-testid="rule-integration-code">
      {payload.data?.isMatching === false ? (
        <div
          className="flex gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
          data-testid="rule-payload-warning"
        >
          <AlertTriangle className="size-4 shrink-0 text-warning" />
          <div>
            <p>Os dados de exemplo não disparam esta regra; ajuste-os antes de enviar.</p>
            {problems.length ? (
              <ul className="mt-1 list-disc pl-4 text-muted-foreground">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}
      <IntegrationCodePanel query={code} language={language} onLanguageChange={setLanguage} />
    </div>
  );
}
