import type { IntegrationLanguage } from '@wm/contracts';
import { lazy, Suspense } from 'react';
import { cn } from '@/lib/utils';

// The highlighter is fetched only when a code block first shows, never with the screens around it.
const HighlightedCode = lazy(() => import('./highlighted-code'));

/** Generated code, highlighted once its chunk has loaded (plain text until then). */
export function CodeBlock({
  code,
  language,
  className,
}: {
  code: string;
  language: IntegrationLanguage;
  className?: string;
}) {
  return (
    <pre
      className={cn(
        'max-h-[32rem] overflow-auto rounded-md border bg-muted/50 p-4 font-mono text-xs leading-relaxed',
        className,
      )}
      data-testid="code-block"
      data-language={language}
    >
      <Suspense fallback={<code>{code}</code>}>
        <HighlightedCode code={code} language={language} />
      </Suspense>
    </pre>
  );
}
