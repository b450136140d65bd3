import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { WIDGET_MESSAGE_TYPES } from '@shared/widget-messages';

/**
 * The widget page's side of the frame (docs/product/widget.md#loader): tells the host page the height of its
 * content whenever it changes (the frame then fits it, without scrollbars), and takes the host page's colour
 * scheme when it changes (docs/product/widget.md#theme).
 */
export function useWidgetFrame(content: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = content.current;
    if (!element || window.parent === window) return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      // the height is no secret: any host may read it
      window.parent.postMessage({ type: WIDGET_MESSAGE_TYPES.height, height }, '*');
    };
    report();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
  }, [content]);

  useEffect(() => {
    const onMessage = (message: MessageEvent<unknown>) => {
      if (message.source !== window.parent) return;
      const data = message.data as { type?: unknown; theme?: unknown } | null;
      if (data?.type !== WIDGET_MESSAGE_TYPES.theme) return;
      if (data.theme !== 'light' && data.theme !== 'dark') return;
      document.documentElement.setAttribute('data-forced-theme', data.theme);
      document.documentElement.classList.toggle('dark', data.theme === 'dark');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
