// After a refusal: the summary of every error stays at the top, focus goes to the first
// field at fault (every entered value is kept by the server); the summary's links focus
// their field, opening a folded section when needed. The offline table page calls
// ``window.showErrorSummary`` again when a queued deal is refused on its way to the server.
(function () {
  "use strict";
  function focusField(id, name) {
    var field = document.getElementById(id);
    function usable(f) { return !f.disabled && f.type !== "hidden" && !f.closest("[hidden]"); }
    if (field && !usable(field)) field = null; // a hidden holder of a group's error, a disabled seat
    if (!field && name) { // a group of choices: the chosen one, else the first that can take focus
      field = document.querySelector('[name="' + name + '"]:checked') ||
        Array.prototype.find.call(document.querySelectorAll('[name="' + name + '"]'), usable) ||
        // a value entered in parts (the tricks of each hand: tricks_A, tricks_B …): the first
        Array.prototype.find.call(document.querySelectorAll('[name^="' + name + '_"]'), usable);
    }
    if (!field) return false;
    if (!field.matches("input, select, textarea, button")) { // a group of inputs: its first
      field = field.querySelector("input, select, textarea") || field;
    }
    var details = field.closest("details");
    if (details) details.open = true;
    field.setAttribute("aria-invalid", "true");
    field.focus({ preventScroll: true });
    return true;
  }
  function show(summary) {
    if (!summary) return;
    summary.querySelectorAll("a[data-field]").forEach(function (link) {
      var field = document.getElementById(link.dataset.field);
      if (field) field.setAttribute("aria-invalid", "true");
    });
    summary.scrollIntoView({ block: "start" });
    var first = summary.querySelector("a[data-field]");
    if (!first || !focusField(first.dataset.field, first.dataset.name)) summary.focus();
    if (summary.dataset.bound) return;
    summary.dataset.bound = "yes";
    summary.addEventListener("click", function (event) {
      var link = event.target.closest("a[data-field]");
      if (link && focusField(link.dataset.field, link.dataset.name)) event.preventDefault();
    });
  }
  window.showErrorSummary = show;
  show(document.getElementById("error-summary"));
})();
