/**
 * What a visitor did on a server-rendered page before React took it over (docs/architecture.md#server-rendering):
 * public/theme-init.js holds back a form's submit and a tap on a button until then; the fields keep what was
 * typed. React keeps such a value in the field while hydrating but not in the component's state, so the next
 * render would wipe it and a submit would send the empty state. Called once, in the commit that hydrated the
 * page: every field whose value differs from what React rendered gets an input event, then the held submit or
 * tap is done again, now handled by the app.
 */
interface HeldInput {
  submit: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
  click: HTMLElement | null;
}

declare global {
  interface Window {
    __earlyInput?: HeldInput;
  }
}

/**
 * User timings around hydration (main.tsx marks the start, the hydrating commit the end); the Lighthouse bench
 * reads the measure (bench/lighthouse.mjs).
 */
export const HYDRATION_MARKS = { start: 'hydration-start', measure: 'hydration' } as const;

/** Inside a lazily loaded part of the page that React has not taken over yet (lib/lazy-part.tsx). */
const waiting = (node: Element) => node.closest('[data-lazy-part]:not([data-live])') !== null;

export function takeOverEarlyInput(root: Element | Document = document) {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (waiting(field)) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // a radio is chosen by checking another one of its group
      if (field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked))
        replayCheck(field);
    } else if (field.value !== field.defaultValue) {
      replayValue(field);
    }
  }
  // a select changes by a change event alone (React keeps no last value for it)
  for (const select of root.querySelectorAll('select')) {
    if (waiting(select)) continue;
    if ([...select.options].some((option) => option.selected !== option.defaultSelected))
      select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const held = window.__earlyInput;
  if (!held) return;
  // what was held inside this root, and not inside a part still waiting for its code
  const ours = (node: Element | null | undefined): node is Element =>
    Boolean(node?.isConnected && root.contains(node) && !waiting(node));
  const submit = held.submit && ours(held.submit.form) ? held.submit : null;
  const click = held.click && ours(held.click) ? held.click : null;
  if (submit) held.submit = null;
  if (click) held.click = null;
  if (!submit && !click) return;
  // after the renders the input events caused, so the handlers see the typed values
  window.setTimeout(() => {
    if (submit) {
      const submitter = submit.submitter?.isConnected ? submit.submitter : undefined;
      submit.form.requestSubmit(submitter);
    } else if (click?.isConnected) {
      click.click();
    }
  }, 0);
}

/**
 * React notices a changed value by comparing the field with the value it last saw (which, after hydrating, is
 * the typed one): the field is set to React's value through its own setter, back to the typed value past it,
 * and an input event tells React.
 */
function replayValue(field: HTMLInputElement | HTMLTextAreaElement) {
  const typed = field.value;
  const prototype = Object.getPrototypeOf(field) as object;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  field.value = field.defaultValue;
  if (setValue) setValue.call(field, typed);
  else field.value = typed;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function replayCheck(field: HTMLInputElement) {
  const checked = field.checked;
  field.checked = !checked;
  field.click(); // back to the visitor's choice, with the click React listens to
}
