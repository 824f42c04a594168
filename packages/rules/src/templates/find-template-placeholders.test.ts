import { describe, expect, it } from 'vitest';
import { findTemplatePlaceholders } from './find-template-placeholders';
import { TEMPLATE_PLACEHOLDERS } from './types';

describe('findTemplatePlaceholders', () => {
  it('When a template uses placeholders, then they are listed once each, as written, in order', () => {
    const template = {
      id: '#eventId#',
      user: { id: '{{payload.user.id}}', label: 'Olá {{ payload.user.name }} em #timestamp#' },
      again: ['#eventId#', '{{data.a[0]}}', 7, null],
      '#eventName#': 'key ignored',
    };
    expect(findTemplatePlaceholders(template)).toEqual([
      '#eventId#',
      '{{payload.user.id}}',
      '{{ payload.user.name }}',
      '#timestamp#',
      '{{data.a[0]}}',
    ]);
  });

  it.each([[null], [undefined], [42], ['texto'], [{}], [[]], ['{{other}} #nada#']])(
    'When the template %j has no placeholders, then the list is empty',
    (template) => {
      expect(findTemplatePlaceholders(template)).toEqual([]);
    },
  );

  it('When every fixed placeholder is used, then all are found', () => {
    expect(findTemplatePlaceholders(TEMPLATE_PLACEHOLDERS.join(' '))).toEqual([...TEMPLATE_PLACEHOLDERS]);
  });
});
