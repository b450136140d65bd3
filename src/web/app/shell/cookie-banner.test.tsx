// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@shared/theme';
import { PrivacyRightsSections } from '@web/features/content/privacy-rights-sections';
import { useViewMode, VIEW_MODE_KEY } from '@web/features/events/use-view-mode';
import { COOKIE_CONSENT_KEY, openCookieConsent } from '@web/lib/cookie-consent';
import { ThemeProvider, useTheme } from '@web/lib/theme';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { CookieBanner } from './cookie-banner';

// docs/decisions/046: the banner's promise kept. Comfort settings (theme, view of the start page) go to this
// device only after 'Alle akzeptieren'; otherwise they hold for the tab (session storage).

function ComfortSwitches() {
  const { choice, setChoice } = useTheme();
  const [view, setView] = useViewMode();
  return (
    <>
      <button type="button" onClick={() => setChoice('dark')}>
        Dunkel
      </button>
      <button type="button" onClick={() => setView('timetable')}>
        Kalender
      </button>
      <p data-testid="shown">{`${choice} ${view}`}</p>
    </>
  );
}

const page = (
  <ThemeProvider>
    <ComfortSwitches />
    <CookieBanner />
  </ThemeProvider>
);

const banner = () => screen.queryByRole('dialog', { name: 'Cookies & Datenschutz' });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const onDevice = (key: string) => localStorage.getItem(key);
const inTab = (key: string) => sessionStorage.getItem(key);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
});
resetEachTest();

describe('comfort settings and the cookie choice', () => {
  it('after „Nur notwendige“ a theme or view change leaves local storage without them', () => {
    renderPage(page);
    click('Nur notwendige');
    expect(banner()).toBeNull();
    click('Dunkel');
    click('Kalender');
    expect(screen.getByTestId('shown').textContent).toBe('dark timetable');
    expect(onDevice(COOKIE_CONSENT_KEY)).toBe('essential');
    expect(onDevice(THEME_STORAGE_KEY)).toBeNull();
    expect(onDevice(VIEW_MODE_KEY)).toBeNull();
    // for this tab only: a reload keeps them, closing the tab ends them
    expect(inTab(THEME_STORAGE_KEY)).toBe('dark');
    expect(inTab(VIEW_MODE_KEY)).toBe('timetable');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it('after „Alle akzeptieren“ they are kept on this device', () => {
    renderPage(page);
    click('Alle akzeptieren');
    click('Dunkel');
    click('Kalender');
    expect(onDevice(COOKIE_CONSENT_KEY)).toBe('accepted');
    expect(onDevice(THEME_STORAGE_KEY)).toBe('dark');
    expect(onDevice(VIEW_MODE_KEY)).toBe('timetable');
    expect(inTab(THEME_STORAGE_KEY)).toBeNull();
  });

  it('stores nothing on the device before an answer; accepting then keeps what the tab chose', () => {
    renderPage(page);
    click('Dunkel');
    click('Kalender');
    expect(onDevice(THEME_STORAGE_KEY)).toBeNull();
    expect(onDevice(VIEW_MODE_KEY)).toBeNull();
    click('Alle akzeptieren');
    expect(onDevice(THEME_STORAGE_KEY)).toBe('dark');
    expect(onDevice(VIEW_MODE_KEY)).toBe('timetable');
    expect(inTab(THEME_STORAGE_KEY)).toBeNull();
  });

  it('removes them from the device when consent is withdrawn through „Cookie-Einstellungen“', () => {
    localStorage.setItem(COOKIE_CONSENT_KEY, 'accepted');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    localStorage.setItem(VIEW_MODE_KEY, 'timetable');
    renderPage(page);
    expect(banner()).toBeNull();
    expect(screen.getByTestId('shown').textContent).toBe('dark timetable');
    act(() => openCookieConsent());
    click('Nur notwendige');
    expect(onDevice(COOKIE_CONSENT_KEY)).toBe('essential');
    expect(onDevice(THEME_STORAGE_KEY)).toBeNull();
    expect(onDevice(VIEW_MODE_KEY)).toBeNull();
    // the open tab keeps its look
    expect(inTab(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByTestId('shown').textContent).toBe('dark timetable');
  });
});

describe('the banner and the privacy page', () => {
  it('name the same buttons and say what is kept where', () => {
    renderPage(<CookieBanner />);
    const dialog = banner()!;
    const buttons = [...dialog.querySelectorAll('button')].map((button) => button.textContent);
    expect(buttons).toEqual(['Nur notwendige', 'Alle akzeptieren']);
    expect(dialog.textContent).toContain(
      'nur mit „Alle akzeptieren“ auf diesem Gerät, sonst nur für diesen Tab',
    );

    const privacy = render(<PrivacyRightsSections />).container.querySelector('#cookies')!;
    for (const name of buttons) expect(privacy.textContent).toContain(`„${name}“`);
    expect(privacy.textContent).toContain('nur für den geöffneten Tab');
    expect(privacy.textContent).toContain('dauerhaft auf diesem Gerät');
  });
});

// docs/product/site.md#cookie-banner: the page leaves room for the banner while it is shown.
describe('room for the banner', () => {
  it('takes its place at the end of the page instead of lying over it, and frees it after an answer', () => {
    const { container } = renderPage(
      <>
        <main>
          <button type="submit">Event erstellen</button>
        </main>
        <CookieBanner />
      </>,
    );
    const dialog = banner()!;
    // in the page's flow after the content, held at the window's bottom while scrolling (no `fixed`)
    expect(dialog.classList.contains('sticky')).toBe(true);
    expect(dialog.classList.contains('bottom-0')).toBe(true);
    expect(dialog.classList.contains('fixed')).toBe(false);
    expect(container.querySelector('main')!.compareDocumentPosition(dialog)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    click('Nur notwendige');
    expect(banner()).toBeNull();
  });
});
