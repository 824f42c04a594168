import bash from 'highlight.js/lib/languages/bash';
import javascript from 'highlight.js/lib/languages/javascript';
import python from 'highlight.js/lib/languages/python';
import { createLowlight } from 'lowlight';
import './highlighted-code.css';
import type { IntegrationLanguage } from '@wm/contracts';
import type { ReactNode } from 'react';

/** Only the integration languages are registered: the highlighter stays small and loads with this chunk. */
const lowlight = createLowlight({ javascript, python, bash });
const GRAMMAR: Record<IntegrationLanguage, string> = {
  javascript: 'javascript',
  python: 'python',
  curl: 'bash',
};

type HastNode = {
  type: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
};

/** The highlighter's tree as React elements: text stays text, so no HTML is ever parsed from the code. */
function toReact(node: HastNode, key: number | string): ReactNode {
  if (node.type === 'text') return node.value ?? '';
  const children = (node.children ?? []).map((child, index) => toReact(child, index));
  if (node.type !== 'element') return children;
  const className = Array.isArray(node.properties?.className)
    ? node.properties.className.join(' ')
    : undefined;
  return (
    <span key={key} className={className}>
      {children}
    </span>
  );
}

/** Code with highlight.js classes (coloured by the `.hljs-*` rules of index.css). */
export default function HighlightedCode({ code, language }: { code: string; language: IntegrationLanguage }) {
  const tree = lowlight.highlight(GRAMMAR[language], code) as HastNode;
  return <code className="hljs">{toReact(tree, 'root')}</code>;
}
