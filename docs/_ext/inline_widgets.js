// Puts back the text a page's widget state keeps once (inline_widgets.share_strings): a model's
// value {"$rb": i} is entry i of the shared table, {"$rb": [i, …]} the list of those entries.
// It runs right after the state script and before the widget manager reads it.
(function () {
  var selector = 'script[type="application/vnd.jupyter.widget-state+json"]';
  document.querySelectorAll(selector).forEach(function (script) {
    var data = JSON.parse(script.textContent);
    var shared = data.rulebook_shared;
    if (!shared) return;
    Object.keys(data.state).forEach(function (id) {
      var state = data.state[id].state;
      Object.keys(state).forEach(function (key) {
        var value = state[key];
        if (value === null || typeof value !== "object" || !("$rb" in value)) return;
        state[key] = Array.isArray(value.$rb) ? value.$rb.map(function (i) { return shared[i]; }) : shared[value.$rb];
      });
    });
    delete data.rulebook_shared;
    script.textContent = JSON.stringify(data);
  });
})();
