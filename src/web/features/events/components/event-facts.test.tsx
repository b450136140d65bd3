// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { minimumAttendanceText } from '@shared/events';
import { publicEvent } from '@web/testing/fixtures';
import { EventFacts } from './event-facts';

// The event page's facts name the minimum attendance (docs/product/event-mails.md#minimum-attendance), from the
// event data alone, so the server renders it too.

const NOW = new Date('2030-03-01T10:00:00.000Z');
/** Ten days after NOW unless the test says otherwise. */
const upcoming = { startTime: '2030-03-11T17:00:00.000Z', endTime: '2030-03-11T19:00:00.000Z' };
const render = (overrides: Parameters<typeof publicEvent>[0]) =>
  renderToString(<EventFacts event={publicEvent({ ...upcoming, ...overrides })} now={NOW} />).replace(
    /<!-- -->/g,
    '',
  );

describe('EventFacts and the minimum attendance', () => {
  it("says 'Findet ab {n} Teilnehmenden statt' next to the seats", () => {
    expect(minimumAttendanceText(5)).toBe('Findet ab 5 Teilnehmenden statt');
    const html = render({ minParticipants: 5 });
    expect(html).toContain('Findet ab 5 Teilnehmenden statt');
    expect(html.indexOf('Findet ab')).toBeGreaterThan(html.indexOf('Plätze'));
  });

  it('says nothing without a minimum or once the event is cancelled', () => {
    expect(render({ minParticipants: null })).not.toContain('Findet ab');
    expect(render({ minParticipants: 5, status: 'cancelled' })).not.toContain('Findet ab');
  });
});

// Issue 29 item 22 (docs/decisions/049-admin-screens-say-what-they-mean.md): the term 'Plätze' stood over nothing
// once the event was over.
describe('EventFacts of a past event', () => {
  it("shows no empty 'Plätze'", () => {
    expect(render({})).toContain('Plätze');
    const past = render({ startTime: '2030-02-01T17:00:00.000Z', endTime: '2030-02-01T19:00:00.000Z' });
    expect(past).not.toContain('Plätze');
    expect(past).toContain('Datum');
  });
});
