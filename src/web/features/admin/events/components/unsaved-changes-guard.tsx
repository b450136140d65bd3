import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { holdHistoryMoves, type HistoryMove } from '@web/lib/history-guard';

/**
 * Navigation state of the pages' own move after a successful save (to the editor of a new event, to the
 * list 1.2 s after saving): the form still differs from its first values then, but nothing is lost. The
 * pages move with `navigate()`, which the guard does not hold (it holds link clicks), so the move passes;
 * the state names it as the save's.
 */
export const AFTER_SAVE = { afterSave: true } as const;

/** A held link click (the link, and where it leads: path, search, hash) or back / forward move. */
type Held = { anchor: HTMLAnchorElement; to: string } | { move: HistoryMove };

/** The same-origin link a plain left click follows, or null (new tab or window, download, other site). */
function followedLink(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? { anchor, url } : null;
}

/**
 * Asks before unsaved changes of the event form are lost (docs/decisions/025-back-office-layout.md): a
 * click on a link to another path and the browser's back or forward to another path wait for 'Verwerfen' /
 * 'Weiter bearbeiten'; a reload or closing the tab gets the browser's own question (beforeunload cannot
 * show our text).
 *
 * Works in a declarative router (no data router, so no `useBlocker`): a capture listener on `document`
 * takes the click before react-router's `Link` (or the browser) sees it; 'Verwerfen' repeats the click, so
 * the link navigates with its own options (state, replace). Back and forward are held by the history guard
 * (`@web/lib/history-guard`), installed before the router so that its popstate listener runs first; it
 * undoes the move at once, and 'Verwerfen' makes it again. Not held: moves by `navigate()` (the account
 * menu's entries, signing out).
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [held, setHeld] = useState<Held | null>(null);
  // 'Verwerfen': the repeated click goes through
  const letThrough = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers need returnValue set to show the question
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const hold = (event: MouseEvent) => {
      if (letThrough.current) return;
      const link = followedLink(event);
      if (!link || link.url.pathname === location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setHeld({ anchor: link.anchor, to: link.url.pathname + link.url.search + link.url.hash });
    };
    document.addEventListener('click', hold, true);
    return () => document.removeEventListener('click', hold, true);
  }, [dirty, location.pathname]);

  useEffect(() => {
    if (!dirty) return;
    // asked while the browser already shows the move's URL; the router still shows this page
    return holdHistoryMoves((move) => {
      if (new URL(move.to, window.location.origin).pathname === location.pathname) return false;
      setHeld({ move });
      return true;
    });
  }, [dirty, location.pathname]);

  const proceed = () => {
    setHeld(null);
    if (!held) return;
    if ('move' in held) {
      held.move.proceed();
      return;
    }
    if (!held.anchor.isConnected) {
      void navigate(held.to);
      return;
    }
    letThrough.current = true;
    try {
      held.anchor.click();
    } finally {
      letThrough.current = false;
    }
  };

  return (
    <ConfirmDialog
      open={held !== null}
      title="Ungespeicherte Änderungen verwerfen?"
      description={<p>Deine Änderungen an diesem Event sind noch nicht gespeichert.</p>}
      confirmLabel="Verwerfen"
      cancelLabel="Weiter bearbeiten"
      size="lg"
      onConfirm={proceed}
      onCancel={() => setHeld(null)}
    />
  );
}
