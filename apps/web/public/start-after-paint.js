/*
 * Starts the web app after the page's first paint. On /nbc and /abc the server sends the login
 * header (logo and banner, the largest element) as HTML and lists the app's scripts in
 * #portal-scripts instead of asking for them in <head> (apps/server/src/plugins/static-web.ts):
 * on a slow connection the stylesheet and the banner then have the line to themselves, and the
 * scripts follow once the banner is on screen. A plain script: it runs before the app's code.
 */
/* global window, document, requestAnimationFrame */
(function () {
  'use strict';
  var list = document.getElementById('portal-scripts');
  if (!list) return;
  var scripts = JSON.parse(list.textContent || '{}');
  var started = false;
  // One request per task: asking for the module preloads and the entry in one go was one task of
  // 70 ms at 4x CPU (each element's request costs some milliseconds); a task each keeps every one
  // short, and the next starts at once.
  function start() {
    if (started) return;
    started = true;
    var hrefs = (scripts.preload || []).slice();
    function next() {
      var href = hrefs.shift();
      if (href === undefined) {
        var entry = document.createElement('script');
        entry.type = 'module';
        entry.crossOrigin = '';
        entry.src = scripts.entry;
        document.head.appendChild(entry);
        return;
      }
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
      setTimeout(next, 0);
    }
    next();
  }
  function afterNextFrame() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  var banner = document.querySelector('#first-paint img.event-banner');
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (!banner || document.hidden || (banner.complete && banner.naturalWidth === 0)) {
    // Nothing to wait for (no banner, a broken one, or a hidden page, which does not paint).
    start();
  } else if (types.indexOf('largest-contentful-paint') >= 0) {
    // The browser says when the banner is on screen.
    new PerformanceObserver(function (entries, observer) {
      if (entries.getEntries().some(function (entry) { return entry.element === banner; })) {
        observer.disconnect();
        setTimeout(start, 0);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    banner.addEventListener('error', start);
  } else if (banner.complete) {
    afterNextFrame();
  } else {
    banner.addEventListener('load', afterNextFrame);
    banner.addEventListener('error', start);
  }
  // Whatever happens to the image, the page works within three seconds.
  setTimeout(start, 3000);
})();
