// Runs before first paint (an external file, because the CSP allows no inline scripts):
// applies the stored theme so a dark-mode visitor never sees a white flash.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch (e) {}
  var dark =
    stored === 'dark' ||
    ((stored === null || stored === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#0b1222' : '#ffffff');
})();
