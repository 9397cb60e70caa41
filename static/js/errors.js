// After a refusal: the summary of every error stays at the top, focus goes to the first
// field at fault (every entered value is kept by the server); the summary's links focus
// their field, opening a folded section when needed.
(function () {
  "use strict";
  var summary = document.getElementById("error-summary");
  if (!summary) return;
  function focusField(id, name) {
    var field = document.getElementById(id);
    if (!field && name) { // a group of choices: the chosen one, else the first that can take focus
      field = document.querySelector('[name="' + name + '"]:checked') ||
        Array.prototype.find.call(document.querySelectorAll('[name="' + name + '"]'),
          function (f) { return !f.disabled && f.type !== "hidden"; });
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
  summary.querySelectorAll("a[data-field]").forEach(function (link) {
    var field = document.getElementById(link.dataset.field);
    if (field) field.setAttribute("aria-invalid", "true");
  });
  summary.scrollIntoView({ block: "start" });
  var first = summary.querySelector("a[data-field]");
  if (!first || !focusField(first.dataset.field, first.dataset.name)) summary.focus();
  summary.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-field]");
    if (link && focusField(link.dataset.field, link.dataset.name)) event.preventDefault();
  });
})();
