import { useCallback, useEffect, useRef, useState } from 'react';

/** The 'saved' indicator shows for 3 s (docs/product/site.md#feedback). */
export const SAVED_INDICATOR_MS = 3000;

export function useSavedFlash(): [visible: boolean, flash: () => void] {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flash = useCallback(() => {
    clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => setVisible(false), SAVED_INDICATOR_MS);
  }, []);
  return [visible, flash];
}
