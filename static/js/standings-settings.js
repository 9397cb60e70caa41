// The standings settings: only the chosen conversion method's parameters are shown. Without
// JavaScript every method's group shows under its name and the server reads only the chosen
// one, so hiding the others changes nothing that is sent.
(function () {
  "use strict";
  var method = document.getElementById("id_method");
  var groups = document.querySelectorAll("fieldset.method-params[data-method]");
  if (!method || !groups.length) return;
  document.querySelectorAll("[data-without-js]").forEach(function (note) { note.hidden = true; });
  function show() {
    groups.forEach(function (group) { group.hidden = group.dataset.method !== method.value; });
  }
  method.addEventListener("change", show);
  show();
})();
