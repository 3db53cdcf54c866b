/*
 * Starts the web app after the page's first paint. On /nbc and /abc the server sends the login
 * header (logo and banner, the largest element) as HTML and lists the app's scripts in
 * #portal-scripts instead of asking for them in <head> (apps/server/src/plugins/static-web.ts):
 * on a slow connection the stylesheet and the banner then have the line to themselves, and the
 * scripts follow once the banner is on screen. A plain script: it runs before the app's code.
 */
/* global document, requestAnimationFrame */
(function () {
  'use strict';
  var list = document.getElementById('portal-scripts');
  if (!list) return;
  var scripts = JSON.parse(list.textContent || '{}');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (scripts.preload || []).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = scripts.entry;
    document.head.appendChild(entry);
  }
  function afterNextPaint() {
    // A hidden page does not paint (no animation frames): nothing to wait for.
    if (document.hidden) return start();
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  var banner = document.querySelector('#first-paint img.event-banner');
  if (!banner || banner.complete) afterNextPaint();
  else {
    banner.addEventListener('load', afterNextPaint);
    banner.addEventListener('error', start);
  }
  // Whatever happens to the image, the page works within a second.
  setTimeout(start, 1000);
})();
