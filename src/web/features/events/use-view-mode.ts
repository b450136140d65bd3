import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useClientValue } from '@web/lib/client-value';
import { readStorage, writeStorage } from '@web/lib/storage';

export type ViewMode = 'cards' | 'timetable';

// The start page's view, remembered in local storage under viewMode (docs/product/events.md#home-views).
export const VIEW_MODE_KEY = 'viewMode';

const parseView = (value: string | null): ViewMode | null =>
  value === 'cards' || value === 'timetable' ? value : null;

const readStoredView = () => parseView(readStorage('local', VIEW_MODE_KEY));

/** The view from the query parameter view, else from local storage, else cards; choosing writes both. */
export function useViewMode(): [ViewMode, (next: ViewMode) => void] {
  const [params, setParams] = useSearchParams();
  // Local storage is the browser's: a server-rendered page hydrates with cards, then shows the stored view
  // (docs/architecture.md#server-rendering).
  const storedView = useClientValue(readStoredView, null);
  const view = parseView(params.get('view')) ?? storedView ?? 'cards';
  const setView = useCallback(
    (next: ViewMode) => {
      writeStorage('local', VIEW_MODE_KEY, next);
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('view', next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return [view, setView];
}
