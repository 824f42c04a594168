import { isPlainObject, ownDataEntries, readOwnProperty } from '../paths/own-property';
import { MAX_TEMPLATE_DEPTH } from './render-template';
import { scanPlaceholders } from './scan-placeholders';

/**
 * Distinct placeholders used in a template's string values, as written and in order of first
 * appearance, e.g. ['#eventId#', '{{payload.user.id}}']. Keys are not templated, so not listed.
 */
export function findTemplatePlaceholders(template: unknown): string[] {
  const found = new Set<string>();
  collect(template, found, 0);
  return [...found];
}

function collect(node: unknown, found: Set<string>, depth: number): void {
  if (typeof node === 'string') {
    for (const token of scanPlaceholders(node)) found.add(token.text);
    return;
  }
  if (depth >= MAX_TEMPLATE_DEPTH) return;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) collect(readOwnProperty(node, String(i)).value, found, depth + 1);
  } else if (isPlainObject(node)) {
    for (const [, value] of ownDataEntries(node)) collect(value, found, depth + 1);
  }
}
