// Runs before first paint (an external file, because the CSP allows no inline scripts):
// applies the stored theme so a dark-mode visitor never sees a white flash, and marks a stored cookie choice
// (`<html data-consent>`), so the server-rendered cookie banner stays hidden for whoever has chosen.
// Comfort settings (theme, viewMode) stay on the device only with consent ('accepted'); without it they hold
// for this tab (session storage), and one found on the device is moved there (src/web/lib/storage.ts,
// docs/decisions/046).
(function () {
  var read = function (area, key) {
    try {
      return window[area].getItem(key);
    } catch (e) {
      return null;
    }
  };
  var consent = read('localStorage', 'cookie-consent');
  if (consent !== 'accepted') {
    ['theme', 'viewMode'].forEach(function (key) {
      var value = read('localStorage', key);
      if (value === null) return;
      try {
        sessionStorage.setItem(key, value);
        localStorage.removeItem(key);
      } catch (e) {}
    });
  }
  var stored = read('sessionStorage', 'theme') || read('localStorage', 'theme');
  var dark =
    stored === 'dark' ||
    ((!stored || stored === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
  // the booking widget takes the host page's theme from its address (docs/product/widget.md#theme)
  var forced = location.pathname === '/widget' && /[?&]theme=(light|dark)(&|$)/.exec(location.search);
  if (forced) {
    dark = forced[1] === 'dark';
    document.documentElement.setAttribute('data-forced-theme', forced[1]);
  }
  document.documentElement.classList.toggle('dark', dark);
  if (consent) document.documentElement.setAttribute('data-consent', '');
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#0b1222' : '#ffffff');
})();

// Until React has taken the server-rendered page over (`<html data-ready>`), a form must not be submitted by
// the browser itself (a GET to the same page would drop what was typed) and a tap on a button would do
// nothing: both are held here and handed to the app once it answers (src/web/lib/early-input.ts,
// docs/architecture.md#server-rendering). What is typed meanwhile stays in the fields.
(function () {
  var held = (window.__earlyInput = { submit: null, click: null });
  // taken over: the page (data-ready) and, for a part whose code comes later, the part (src/web/lib/lazy-part.tsx)
  var taken = function (node) {
    if (document.documentElement.getAttribute('data-ready') !== 'true') return false;
    var part = node && node.closest ? node.closest('[data-lazy-part]') : null;
    return !part || part.hasAttribute('data-live');
  };
  window.addEventListener(
    'submit',
    function (event) {
      if (taken(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      held.submit = { form: event.target, submitter: event.submitter || null };
    },
    true,
  );
  // Enter in a field submits its form, also where the submit button is still disabled as the server rendered it
  // (the newsletter box's, while its field was empty)
  window.addEventListener(
    'keydown',
    function (event) {
      var field = event.target;
      if (event.key !== 'Enter' || event.isComposing || !field || field.tagName !== 'INPUT') return;
      if (!field.form || taken(field)) return;
      event.preventDefault();
      event.stopPropagation();
      held.submit = { form: field.form, submitter: null };
    },
    true,
  );
  window.addEventListener(
    'click',
    function (event) {
      if (!event.target || !event.target.closest) return;
      var button = event.target.closest('button');
      // a submit button's click becomes a submit event (held above); links and fields work without the app
      if (!button || button.type === 'submit' || button.disabled || taken(button)) return;
      event.stopPropagation();
      held.click = button;
    },
    true,
  );
})();
