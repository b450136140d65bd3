// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicEvent } from '@shared/events';
import { EventTimetable } from './event-timetable';

const NOW = new Date('2030-04-01T10:00:00.000Z');
const event: PublicEvent = {
  id: 'e1',
  slug: 'achtsamkeit',
  title: 'Achtsamkeit im Alltag',
  shortDescription: null,
  description: '',
  startTime: '2030-05-01T08:00:00.000Z',
  endTime: '2030-05-01T10:00:00.000Z',
  timezone: 'Europe/Berlin',
  location: 'Kiel',
  locationDetails: null,
  room: null,
  venue: null,
  mode: 'presence',
  priceCents: 4900,
  earlyBirdPriceCents: null,
  earlyBirdEndsAt: null,
  currency: 'EUR',
  priceUnit: 'per_person',
  totalSeats: 12,
  availableSeats: 5,
  isFeatured: false,
  status: 'published',
  website: null,
  imageUrl: null,
  media: [],
  links: [],
  tags: [],
  organizers: [],
  waitlistEnabled: false,
  minParticipants: null,
};

// jsdom lays nothing out: the scroll box's widths and position come from here.
const box = { scrollWidth: 0, clientWidth: 0, scrollLeft: 0 };
const isBox = (element: HTMLElement) => element.dataset.testid === 'timetable';
beforeEach(() => {
  for (const key of ['scrollWidth', 'clientWidth', 'scrollLeft'] as const) {
    vi.spyOn(HTMLElement.prototype, key, 'get').mockImplementation(function (this: HTMLElement) {
      return isBox(this) ? box[key] : 0;
    });
  }
  vi.stubGlobal('scrollBy', vi.fn());
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderTimetable = () =>
  render(
    <MemoryRouter>
      <EventTimetable events={[event]} now={NOW} />
    </MemoryRouter>,
  );

describe('EventTimetable', () => {
  it('shows no scroll cue when the table fits its box', () => {
    Object.assign(box, { scrollWidth: 600, clientWidth: 600, scrollLeft: 0 });
    renderTimetable();
    expect(screen.getByRole('link', { name: 'Achtsamkeit im Alltag' })).toBeTruthy();
    expect(screen.queryByText('Wische seitlich, um alle Spalten zu sehen.')).toBeNull();
    expect(screen.queryByTestId('timetable-fade-right')).toBeNull();
    expect(screen.queryByTestId('timetable-fade-left')).toBeNull();
  });

  it('shows that it scrolls sideways when it is wider than its box, with a fade on the hidden edge', () => {
    Object.assign(box, { scrollWidth: 800, clientWidth: 390, scrollLeft: 0 });
    renderTimetable();
    expect(screen.getByText('Wische seitlich, um alle Spalten zu sehen.')).toBeTruthy();
    expect(screen.getByTestId('timetable-fade-right').getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByTestId('timetable-fade-left')).toBeNull();

    // scrolled to the end: the fade moves to the left edge
    box.scrollLeft = 410;
    fireEvent.scroll(screen.getByTestId('timetable'));
    expect(screen.getByTestId('timetable-fade-left')).toBeTruthy();
    expect(screen.queryByTestId('timetable-fade-right')).toBeNull();

    // a wider window: the table fits, the cue goes
    Object.assign(box, { scrollWidth: 900, clientWidth: 900, scrollLeft: 0 });
    fireEvent(window, new Event('resize'));
    expect(screen.queryByText('Wische seitlich, um alle Spalten zu sehen.')).toBeNull();
    expect(screen.queryByTestId('timetable-fade-left')).toBeNull();
  });
});
