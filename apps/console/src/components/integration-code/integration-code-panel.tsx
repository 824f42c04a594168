import { INTEGRATION_LANGUAGE_LABELS, type IntegrationLanguage } from '@wm/contracts';
import { API_KEY_VARIABLE } from '@wm/rules';
import { Code2, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { CodeBlock } from './code-block';
import { CopyCodeButton } from './copy-code-button';
import { LanguagePicker } from './language-picker';

export type CodeQuery = {
  data?: { code: string };
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * Generated code with its language picker and copy action, as the integration screen and a rule's
 * screens show it: loading, 'Erro ao carregar código: …', 'Nenhum código disponível' or the code.
 */
export function IntegrationCodePanel({
  query,
  language,
  onLanguageChange,
  emptyDescription,
}: {
  query: CodeQuery;
  language: IntegrationLanguage;
  /** Without it, the language is chosen elsewhere on the screen and no picker shows here. */
  onLanguageChange?: (language: IntegrationLanguage) => void;
  /** Why there may be no code (e.g. the route has no active event type). */
  emptyDescription?: ReactNode;
}) {
  const code = query.data?.code ?? '';
  return (
    <div className="grid gap-3" data-testid="integration-code">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {onLanguageChange ? (
          <LanguagePicker value={language} onChange={onLanguageChange} />
        ) : (
          <span className="text-sm font-medium">{INTEGRATION_LANGUAGE_LABELS[language]}</span>
        )}
        <CopyCodeButton text={code} isDisabled={code === ''} />
      </div>
      <CodeBody query={query} code={code} language={language} emptyDescription={emptyDescription} />
      {code ? (
        <p className="text-xs text-muted-foreground">
          Antes de executar, defina a variável de ambiente{' '}
          <code className="font-mono">{API_KEY_VARIABLE}</code> com a chave de API da aplicação.
        </p>
      ) : null}
    </div>
  );
}

function CodeBody({
  query,
  code,
  language,
  emptyDescription,
}: {
  query: CodeQuery;
  code: string;
  language: IntegrationLanguage;
  emptyDescription?: ReactNode;
}) {
  if (query.isPending) return <Skeleton className="h-72 w-full" data-testid="code-skeleton" />;
  if (query.isError) {
    return (
      <EmptyState
        icon={<ShieldAlert />}
        title={`Erro ao carregar código: ${errorMessage(query.error)}`}
        className="rounded-md border border-destructive/40"
      />
    );
  }
  if (code === '') {
    return <EmptyState icon={<Code2 />} title="Nenhum código disponível" description={emptyDescription} />;
  }
  return <CodeBlock code={code} language={language} />;
}
