import { describe, expect, it } from 'vitest';
import { describeRecovery } from './describe-recovery';

describe('describeRecovery', () => {
  it('When a recover queued deliveries, then the toast counts them in pt-BR, singular or plural', () => {
    expect(describeRecovery({ queued: 3, alreadyRecovered: 0 })).toEqual({
      title: '3 entregas reenfileiradas',
      description: undefined,
    });
    expect(describeRecovery({ queued: 1, alreadyRecovered: 0 }).title).toBe('1 entrega reenfileirada');
  });

  it('When an earlier recover took some of the window, then the toast says how many', () => {
    expect(describeRecovery({ queued: 0, alreadyRecovered: 1 })).toEqual({
      title: '0 entregas reenfileiradas',
      description: '1 já tinha sido recuperada antes',
    });
    expect(describeRecovery({ queued: 2, alreadyRecovered: 5 }).description).toBe(
      '5 já tinham sido recuperadas antes',
    );
  });
});
