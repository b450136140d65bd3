// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installHistoryGuard } from '@web/lib/history-guard';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

// In a BrowserRouter as in the app, with the history guard installed before any router renders (as
// main.tsx does); the editor's own flows are in events-pages.test.tsx.
installHistoryGuard();

function Form() {
  const [dirty, setDirty] = useState(false);
  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <label>
        <input type="checkbox" checked={dirty} onChange={(e) => setDirty(e.target.checked)} /> Geändert
      </label>
      <Link to="/edit#details">Details</Link>
      <Link to="/list" state={{ from: 'form' }}>
        Zur Liste
      </Link>
      <a href="/list" target="_blank">
        Liste im neuen Tab
      </a>
    </>
  );
}

function List() {
  const { pathname, state } = useLocation();
  return (
    <>
      <p data-testid="where">{`${pathname} ${JSON.stringify(state)}`}</p>
      <Link to="/edit">Bearbeiten</Link>
    </>
  );
}

const question = 'Ungespeicherte Änderungen verwerfen?';

/**
 * Renders the app at `path`; the form is at /edit, every other path is the list. `useTransitions: false`
 * lets the router render each location at once: with transitions (the app's default), jsdom lets a move
 * and its undo land in one render, so a router that saw the held move would go unnoticed.
 */
function renderAt(path: string, { useTransitions }: { useTransitions?: false } = {}) {
  window.history.replaceState(null, '', path);
  render(
    <BrowserRouter useTransitions={useTransitions}>
      <Routes>
        <Route path="/edit" element={<Form />} />
        <Route path="*" element={<List />} />
      </Routes>
    </BrowserRouter>,
  );
}

async function openChangedForm() {
  renderAt('/edit');
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Geändert' }));
}

/** The list, then the form through its link (an entry written by the router to go back to), changed. */
async function openChangedFormFromList(options?: { useTransitions?: false }) {
  renderAt('/list', options);
  fireEvent.click(await screen.findByRole('link', { name: 'Bearbeiten' }));
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Geändert' }));
  expect(window.location.pathname).toBe('/edit');
}

/**
 * Clicks `link`; true when the guard or the router took the click (default prevented before it reached the
 * window). The browser's own handling (a new tab, a page load) is then prevented: jsdom cannot do it.
 */
function click(link: HTMLElement, init: MouseEventInit = {}) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  let prevented: boolean | undefined;
  const atWindow = (reached: Event) => {
    prevented = reached.defaultPrevented;
    reached.preventDefault();
  };
  window.addEventListener('click', atWindow);
  link.dispatchEvent(event);
  window.removeEventListener('click', atWindow);
  return prevented ?? event.defaultPrevented;
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

describe('UnsavedChangesGuard', () => {
  it('holds a click on a link to another page; "Verwerfen" follows it with the link\'s own state', async () => {
    await openChangedForm();
    fireEvent.click(screen.getByRole('link', { name: 'Zur Liste' }));
    const dialog = await screen.findByRole('dialog', { name: question });
    expect(window.location.pathname).toBe('/edit');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwerfen' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/list {"from":"form"}');
    expect(window.location.pathname).toBe('/list');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets through clicks with a modifier key or button, into a new tab, and within the page', async () => {
    await openChangedForm();
    const list = screen.getByRole('link', { name: 'Zur Liste' });
    // neither the guard nor the Link prevents these: the browser opens them (a tab, a window)
    expect(click(list, { ctrlKey: true })).toBe(false);
    expect(click(list, { metaKey: true })).toBe(false);
    expect(click(list, { shiftKey: true })).toBe(false);
    expect(click(list, { button: 1 })).toBe(false);
    expect(click(screen.getByRole('link', { name: 'Liste im neuen Tab' }))).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Details' }));
    expect(window.location.hash).toBe('#details');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['with transitions (as in the app)', {}],
    ['without transitions (the router must not even see the move)', { useTransitions: false as const }],
  ])(
    'holds the browser\'s back button %s; "Weiter bearbeiten" stays, "Verwerfen" goes back',
    async (_, options) => {
      await openChangedFormFromList(options);
      window.history.back();
      let dialog = await screen.findByRole('dialog', { name: question });
      // the move is undone at once; the router never left the form
      await waitFor(() => expect(window.location.pathname).toBe('/edit'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(window.location.pathname).toBe('/edit');
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Geändert' }).checked).toBe(true);
      expect(screen.queryByTestId('where')).toBeNull();

      window.history.back();
      dialog = await screen.findByRole('dialog', { name: question });
      await waitFor(() => expect(window.location.pathname).toBe('/edit'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Verwerfen' }));
      expect((await screen.findByTestId('where')).textContent).toBe('/list null');
      expect(window.location.pathname).toBe('/list');
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('lets back and forward through within the page and while nothing is changed', async () => {
    await openChangedFormFromList();
    fireEvent.click(screen.getByRole('link', { name: 'Details' }));
    expect(window.location.hash).toBe('#details');
    window.history.back();
    await waitFor(() => expect(window.location.hash).toBe(''));
    expect(window.location.pathname).toBe('/edit');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Geändert' }));
    window.history.back();
    expect((await screen.findByTestId('where')).textContent).toBe('/list null');
    window.history.forward();
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Geändert' })).checked).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets every link through while nothing is changed', async () => {
    await openChangedForm();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Geändert' }));
    fireEvent.click(screen.getByRole('link', { name: 'Zur Liste' }));
    expect((await screen.findByTestId('where')).textContent).toContain('/list');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
