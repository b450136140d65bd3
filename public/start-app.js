// Starts the app's JavaScript right after the first paint (an external file, because the CSP allows no
// inline scripts): the server-rendered page and its CSS get the connection first, so a visitor on a slow
// network reads the page before its code arrives (docs/architecture.md#server-rendering). The build puts the
// entry module and the chunks to preload into this element's data attributes (vite.config.ts).
(function () {
  var self = document.currentScript;
  var entry = self.getAttribute('data-entry');
  var preloads = (self.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }
  function start() {
    for (var i = 0; i < preloads.length; i++) add('link', { rel: 'modulepreload', crossorigin: '', href: preloads[i] });
    add('script', { type: 'module', crossorigin: '', src: entry });
  }
  // A frame callback runs before the next paint; the timeout it sets runs after that paint. A first visit's
  // cookie banner (shown 200 ms after start by CSS, .cookie-banner-start) is content too: then the code waits
  // until it has appeared.
  function afterNextPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  function bannerPending() {
    var banner = document.querySelector('.cookie-banner-start');
    return banner && getComputedStyle(banner).display !== 'none' && getComputedStyle(banner).visibility === 'hidden';
  }
  if (bannerPending()) {
    var started = false;
    var once = function () {
      if (started) return;
      started = true;
      afterNextPaint();
    };
    document.addEventListener('animationend', function (event) {
      if (event.target.classList && event.target.classList.contains('cookie-banner-start')) once();
    });
    setTimeout(once, 400); // animations may not run (a background tab): never wait longer
  } else {
    afterNextPaint();
  }
})();
