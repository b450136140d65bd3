// jsdom ships no types and @types/jsdom is not installed; the SVG sanitiser
// (src/server/core/settings/sanitize-svg.ts) needs only this much of it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
