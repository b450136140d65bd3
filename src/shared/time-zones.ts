// The time zone choices of the admin's forms: the event's zone and the shop's default zone
// (docs/product/admin.md#settings-defaults).

/** Used when the browser cannot list its time zones (Intl.supportedValuesOf). */
const FALLBACK_TIMEZONES: readonly string[] = [
  'Europe/Berlin',
  'Europe/Vienna',
  'Europe/Zurich',
  'Europe/London',
  'Europe/Paris',
  'Europe/Amsterdam',
  'Europe/Madrid',
  'UTC',
  'America/New_York',
  'Asia/Tokyo',
];

/** The zones the browser knows (else the fallback list), with the current value kept even if not among them. */
export function timezoneOptions(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (zones.length === 0) zones = [...FALLBACK_TIMEZONES];
  // some browsers leave out e.g. 'UTC'; the stored value must stay selectable
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}
