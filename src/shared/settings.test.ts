import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, mergeSettings } from './settings';

describe('mergeSettings', () => {
  it('returns the defaults for no rows', () => {
    expect(mergeSettings({})).toEqual(DEFAULT_SETTINGS);
  });

  it('merges partial objects and drops invalid values', () => {
    const merged = mergeSettings({
      brand: { siteName: 'Haus am See', logoLightUrl: 42 },
      timezone: { name: '' },
      onboarding: { enabled: 'ja' },
      supportEmail: null,
      unknown: { x: 1 },
    });
    expect(merged.onboarding).toEqual({ enabled: true });
    expect(merged.supportEmail).toBe(DEFAULT_SETTINGS.supportEmail);
    expect(merged.brand).toEqual({ ...DEFAULT_SETTINGS.brand, siteName: 'Haus am See' });
    expect(merged.timezone).toEqual({ name: 'Europe/Berlin' });
    expect(merged).not.toHaveProperty('unknown');
  });

  it('keeps operator data saved empty (an optional field left out), unlike a required default', () => {
    const merged = mergeSettings({ operator: { name: 'Anna Berg', phone: '', vatId: 42 } });
    expect(merged.operator).toEqual({ ...DEFAULT_SETTINGS.operator, name: 'Anna Berg' });
  });
});
