/*
 * Loads the app's code once the first screen has been painted (server/http/page-preloads.ts puts
 * this script in place of the module script on pages drawn by the server): the entry module named
 * in data-entry and, in one insertion, the modules it will need (data-modules). A tab opened in
 * the background, which paints no frame, starts them after 1 s. Issue 17: on a slow connection
 * the page's text and pictures come before the code.
 */
(function () {
  var me = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var batch = document.createDocumentFragment();
    (me.getAttribute('data-modules') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      batch.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = me.getAttribute('data-entry');
    batch.appendChild(entry);
    document.head.appendChild(batch);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
