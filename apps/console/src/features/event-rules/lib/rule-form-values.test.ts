import {
  RULE_APPLICATION_REQUIRED,
  RULE_CONDITIONS_REQUIRED,
  RULE_NAME_REQUIRED,
  ZCreateEventRuleRequest,
} from '@wm/contracts';
import { describe, expect, it } from 'vitest';
import { addConditionValue, newCondition, newRuleFormValues, ruleFormToRequest } from './rule-form-values';

const messagesOf = (form: ReturnType<typeof newRuleFormValues>) => {
  const result = ZCreateEventRuleRequest.safeParse(ruleFormToRequest(form));
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('newCondition', () => {
  it('When a condition is added, then it starts on the first field with CONTAINS_ANY, one empty value, any case', () => {
    expect(newCondition('data.message.text')).toEqual({
      field: 'data.message.text',
      operator: 'CONTAINS_ANY',
      values: [''],
      caseSensitive: false,
    });
  });
});

describe('addConditionValue', () => {
  it('When a value is typed with spaces around, then it is added trimmed in place of the empty placeholder', () => {
    expect(addConditionValue([''], '  olá  ')).toEqual(['olá']);
    expect(addConditionValue(['olá'], 'oi')).toEqual(['olá', 'oi']);
  });

  it('When the typed value is blank or already there, then nothing is added', () => {
    expect(addConditionValue(['olá'], '   ')).toBeNull();
    expect(addConditionValue(['olá'], ' olá ')).toBeNull();
  });
});

describe('rule form validation', () => {
  it('When a new rule is submitted empty, then name, application and conditions are asked for', () => {
    const messages = messagesOf(newRuleFormValues());
    expect(messages).toContain(RULE_NAME_REQUIRED);
    expect(messages).toContain(RULE_APPLICATION_REQUIRED);
    expect(messages).toContain(RULE_CONDITIONS_REQUIRED);
  });

  it('When a condition still holds only its empty placeholder, then it is refused for having no value', () => {
    const form = {
      ...newRuleFormValues(),
      name: 'Saudação',
      applicationId: '0194a6b2-7d1e-7c3a-9b1e-2f3a4b5c6d7e',
      routeId: '0194a6b2-7d1e-7c3a-9b1e-2f3a4b5c6d7f',
      conditions: {
        type: 'message.text.received',
        logic: 'AND' as const,
        rules: [newCondition('data.text')],
      },
    };
    expect(messagesOf(form)).toEqual(['Condição 1: adicione pelo menos um valor']);
    const [condition] = form.conditions.rules;
    if (!condition) throw new Error('the form has no condition');
    condition.values = ['', 'olá'];
    expect(messagesOf(form)).toEqual([]);
  });
});
