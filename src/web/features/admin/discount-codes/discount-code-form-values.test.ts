import { describe, expect, it } from 'vitest';
import { DISCOUNT_CODE_ADMIN_MESSAGES as M } from '@shared/discount-code-schemas';
import {
  checkCode,
  EMPTY_CODE_VALUES,
  euroInputToCents,
  localToIso,
  isoToLocal,
} from './discount-code-form-values';

describe('the code form’s values', () => {
  it('reads euros and Berlin times as the API wants them', () => {
    expect(euroInputToCents('15,50')).toBe(1550);
    expect(euroInputToCents('15.5')).toBe(1550);
    expect(euroInputToCents('15 €')).toBe(1500);
    expect(euroInputToCents('fünf')).toBe(-1);
    expect(localToIso('2030-07-01T10:00')).toBe('2030-07-01T08:00:00.000Z'); // summer time
    expect(localToIso('2030-01-10T10:00')).toBe('2030-01-10T09:00:00.000Z');
    expect(localToIso('2030-02-30T10:00')).toBeNull();
    expect(isoToLocal('2030-07-01T08:00:00.000Z')).toBe('2030-07-01T10:00');
  });

  it('sends a fixed amount in cents and an unlock code without a value', () => {
    const fixed = checkCode({ ...EMPTY_CODE_VALUES, code: 'minus15', kind: 'fixed', amount: '15,00' });
    expect(fixed).toMatchObject({ ok: true, input: { code: 'minus15', kind: 'fixed', value: 1500 } });
    const unlock = checkCode({
      ...EMPTY_CODE_VALUES,
      code: 'TEAM',
      kind: 'unlock',
      amount: '10',
      categoryIds: ['33333333-3333-4333-8333-333333333333'],
    });
    expect(unlock).toMatchObject({ ok: true, input: { kind: 'unlock', value: 0 } });
  });

  it('answers at the fields', () => {
    expect(checkCode({ ...EMPTY_CODE_VALUES, code: 'OKAY', kind: 'fixed', amount: 'viel' })).toEqual({
      ok: false,
      errors: { value: M.fixed },
    });
    expect(
      checkCode({
        ...EMPTY_CODE_VALUES,
        code: 'OKAY',
        maxUses: '0',
        validFrom: '2030-05-02T10:00',
        validUntil: '2030-05-01T10:00',
      }),
    ).toEqual({ ok: false, errors: { maxUses: M.maxUses, validUntil: M.validity } });
    expect(checkCode({ ...EMPTY_CODE_VALUES, code: 'OKAY', validFrom: 'gestern' })).toEqual({
      ok: false,
      errors: { validFrom: M.date },
    });
  });
});
