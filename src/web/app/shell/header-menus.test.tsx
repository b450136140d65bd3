// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeProvider } from '@web/lib/theme';
import { sessionUser } from '@web/testing/fixtures';
import { AccountMenu } from './account-menu';
import { MobileMenu } from './mobile-menu';
import { ThemeMenu } from './theme-menu';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const app = (menu: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <ThemeProvider>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {menu}
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>
  </QueryClientProvider>
);

const user = sessionUser({ fullName: 'Anna Berg', role: 'admin' });

describe('header menus: their code comes at the first use (docs/product/site.md#header)', () => {
  it.each([
    ['Darstellung: System', <ThemeMenu key="theme" />, 'menu'],
    ['Konto-Menü', <AccountMenu key="account" user={user} />, 'menu'],
    ['Menü öffnen', <MobileMenu key="mobile" user={null} />, 'dialog'],
  ])(
    '%s: a plain button with the ARIA state of a closed popup, the same on server and client',
    (name, menu, kind) => {
      const html = renderToString(app(menu));
      render(app(menu));
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-haspopup')).toBe(kind);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(html).toContain(button.outerHTML);
    },
  );

  it('the theme menu opens with one click, applies the choice and closes', async () => {
    render(app(<ThemeMenu />));
    fireEvent.click(screen.getByRole('button', { name: 'Darstellung: System' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Hell', 'Dunkel', 'System']);
    // keyboard users land in the menu
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Dunkel' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.documentElement.classList.contains('dark')).toBe(true);

    // from then on the menu's own trigger: it opens from the keyboard as before
    const trigger = screen.getByRole('button', { name: 'Darstellung: Dunkel' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(await screen.findByRole('menu')).toBeTruthy();
  });

  it('focusing the trigger fetches the menu but keeps the focused button', async () => {
    render(app(<ThemeMenu />));
    const button = screen.getByRole('button', { name: 'Darstellung: System' });
    button.focus();
    fireEvent.pointerEnter(button);
    await import('./theme-menu-popup');
    expect(screen.getByRole('button', { name: 'Darstellung: System' })).toBe(button);
    expect(document.activeElement).toBe(button);
  });

  it('the account menu opens with one click and its entries navigate', async () => {
    render(app(<AccountMenu user={user} />));
    fireEvent.click(screen.getByRole('button', { name: 'Konto-Menü' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Mein Account', 'Meine Tickets', 'Administration', 'Abmelden']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Meine Tickets' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/my-tickets'));
  });

  it('the account menu leads organizers to their area (docs/product/organizer-day.md#organizer-area)', async () => {
    render(app(<AccountMenu user={sessionUser({ role: 'organizer' })} />));
    fireEvent.click(screen.getByRole('button', { name: 'Konto-Menü' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent?.trim()),
    ).toEqual(['Mein Account', 'Meine Tickets', 'Veranstalter', 'Abmelden']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Veranstalter' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/veranstalter'));
  });

  it('the mobile menu opens with one click; a link navigates and closes it', async () => {
    render(app(<MobileMenu user={null} />));
    fireEvent.click(screen.getByRole('button', { name: 'Menü öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menü' });
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Veranstaltungen', 'FAQ', 'Anmelden']);
    expect(within(dialog).getByRole('group', { name: 'Darstellung' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/help');
  });
});
