// Lets the ipywidgets HTML manager find anywidget's front end in _static/vendor/ instead of a CDN.
// Loaded after require.js and before the manager (see nb_ipywidgets_js in conf.py).
(function () {
  var base = document.currentScript.src.replace(/[^/]*$/, "");
  window.requirejs.config({ paths: { anywidget: base + "vendor/anywidget/index" } });
})();
