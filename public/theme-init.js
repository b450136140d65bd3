// Runs before first paint (an external file, because the CSP allows no inline scripts):
// applies the stored theme so a dark-mode visitor never sees a white flash, and marks a stored cookie choice
// (`<html data-consent>`), so the server-rendered cookie banner stays hidden for whoever has chosen.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch (e) {}
  var dark =
    stored === 'dark' ||
    ((stored === null || stored === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  try {
    if (localStorage.getItem('cookie-consent')) document.documentElement.setAttribute('data-consent', '');
  } catch (e) {}
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#0b1222' : '#ffffff');
})();
