/*
 * Loads the app's code once the first screen has been painted (server/http/page-preloads.ts puts
 * this script in place of the module script on pages drawn by the server): the entry module named
 * in data-entry, after its chunks (data-stages) one per task, and the modules it will need
 * (data-modules), a few per task. A tab opened in
 * the background, which paints no frame, starts them after 1 s. Issue 17: on a slow connection
 * the page's text and pictures come before the code.
 */
(function () {
  var me = document.currentScript;
  var started = false;
  /* Inserting one module preload costs the main thread a few milliseconds on a cheap phone: a
     few per task, so input is never blocked for long while some fifty are started. */
  var PRELOADS_PER_TASK = 3;
  function preload(hrefs, from) {
    var batch = document.createDocumentFragment();
    var end = Math.min(from + PRELOADS_PER_TASK, hrefs.length);
    for (var i = from; i < end; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = hrefs[i];
      batch.appendChild(link);
    }
    document.head.appendChild(batch);
    if (end < hrefs.length)
      setTimeout(function () {
        preload(hrefs, end);
      }, 0);
  }
  function runModule(src, onLoad, onError) {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = src;
    if (onLoad) script.onload = onLoad;
    if (onError) script.onerror = onError;
    document.head.appendChild(script);
  }
  function runEntry() {
    runModule(me.getAttribute('data-entry'));
  }
  /* The entry's chunks (data-stages, each after those it imports) run one per task before the
     entry itself: run at once, the app's code is one long task on a cheap phone. A module script
     fires load once it has run. Should a chunk fail, the entry runs as it would have, loading what
     it lacks. No import(): a browser that runs modules without it still reads this script. */
  function runStages(stages, i) {
    if (i >= stages.length) return runEntry();
    runModule(
      stages[i],
      function () {
        setTimeout(function () {
          runStages(stages, i + 1);
        }, 0);
      },
      runEntry,
    );
  }
  function start() {
    if (started) return;
    started = true;
    preload((me.getAttribute('data-modules') || '').split(' ').filter(Boolean), 0);
    runStages((me.getAttribute('data-stages') || '').split(' ').filter(Boolean), 0);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
