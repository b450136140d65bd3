import type { DOMPurify as Purifier, UponSanitizeAttributeHookEvent } from 'dompurify';
import { AppError } from '../app-error';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Fragment links inside the file, and embedded raster images (never SVG, which could nest anything). */
const LOCAL_REFERENCE = /^#[^\s]*$/;
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|jpg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/**
 * CSS that could load something or hide how it does: escapes (`u\72l(`), @import, functions that fetch
 * without url(), and old script hooks. A style with any of them is dropped whole.
 */
const UNSAFE_CSS =
  /\\|@import|expression\s*\(|javascript:|image-set\s*\(|image\s*\(|cross-fade\s*\(|element\s*\(|src\s*\(/i;
const CSS_URL = /url\s*\(\s*(['"]?)\s*([^'")\s]*)/gi;

/** True when every url(…) points into the file itself (`url(#gradient)`) and nothing else is unsafe. */
export function isSafeCss(text: string): boolean {
  if (UNSAFE_CSS.test(text)) return false;
  for (const match of text.matchAll(CSS_URL)) if (!LOCAL_REFERENCE.test(match[2] ?? '')) return false;
  return true;
}

const HREF_NAMES = new Set(['href', 'xlink:href']);
/** Elements that may embed a raster image by data: URI; all other references must be fragments. */
const RASTER_ELEMENTS = new Set(['image', 'feimage']);

function checkAttribute(node: Element, data: UponSanitizeAttributeHookEvent): void {
  const value = data.attrValue.trim();
  if (HREF_NAMES.has(data.attrName)) {
    const element = node.localName.toLowerCase();
    data.keepAttr =
      LOCAL_REFERENCE.test(value) || (RASTER_ELEMENTS.has(element) && EMBEDDED_RASTER.test(value));
  } else if (!isSafeCss(value)) {
    // style="…", and presentation attributes, which are CSS too: fill="url(http://…)", filter, mask, …
    data.keepAttr = false;
  }
}

let purifier: Promise<{ purify: Purifier; window: Window & typeof globalThis }> | undefined;

/** jsdom is large: loaded on the first SVG upload, not at server start. */
function loadPurifier() {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]).catch((error: unknown) => {
      purifier = undefined; // tried again on the next upload
      // e.g. installed without jsdom: raster logos still work, SVG ones are refused with a reason
      throw new AppError(
        'unavailable',
        'SVG-Logos können gerade nicht verarbeitet werden. Bitte PNG verwenden.',
        {
          cause: String(error),
        },
      );
    });
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window);
    purify.addHook('uponSanitizeAttribute', checkAttribute);
    purify.addHook('uponSanitizeElement', (node, data) => {
      // <style> elements keep their content only when it is safe CSS
      if (data.tagName === 'style' && !isSafeCss(node.textContent ?? '')) node.textContent = '';
    });
    return { purify, window };
  })();
  return purifier;
}

/**
 * An uploaded SVG logo is parsed as XML and sanitised with DOMPurify's SVG profile
 * (docs/product/admin.md#logos-checked): no scripts, no on* handlers, no foreignObject, no animation, no
 * references out of the file (href and xlink:href only to '#…' fragments or embedded raster images, no
 * external url() in styles). Answers the clean file, or null when the input is not an SVG image or nothing
 * drawable is left.
 */
export async function sanitizeSvg(text: string): Promise<string | null> {
  // An internal DTD subset can define entities (billion laughs); a plain DOCTYPE line is just dropped.
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) return null;
  const { purify, window } = await loadPurifier();
  const parser = new window.DOMParser();
  const root = parser.parseFromString(text, 'image/svg+xml').documentElement;
  if (!isSvgRoot(root)) return null;
  purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> is not in the profile; kept for references inside the file (its href is checked above)
    ADD_TAGS: ['use'],
    FORBID_TAGS: [
      'foreignObject',
      'script',
      'animate',
      'set',
      'animateMotion',
      'animateTransform',
      'animateColor',
    ],
    IN_PLACE: true,
  });
  if (root.childElementCount === 0) return null;
  // Only the <svg> element is written: processing instructions outside it (xml-stylesheet) are gone.
  const clean = `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root)}`;
  // What is stored must itself be a well-formed SVG document.
  return isSvgRoot(parser.parseFromString(clean, 'image/svg+xml').documentElement) ? clean : null;
}

const isSvgRoot = (element: Element | null): element is Element =>
  element !== null && element.localName === 'svg' && element.namespaceURI === SVG_NS;
