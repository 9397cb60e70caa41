// Faster entry on the deal form (progressive: the form works without it).
// - Defence rows: only as many as the calls need (two, a third after a half-whist, more on
//   request); the declarer is not offered as a defender.
// - One key per call, in either keyboard layout, shown on the choices: В/W whist, П/P pass,
//   Л/H half-whist, Р/R return whist, К/C check; Backspace clears. Focus then moves on.
// - Focus starts on a field that can take it (never a disabled seat), so Tab skips nothing;
//   ``window.focusDealStart`` puts it back there (after a save, after a draft is restored).
(function () {
  "use strict";
  var form = document.getElementById("deal-form");
  if (!form) return;
  var KEYS = { whist: "вw", pass: "пp", half_whist: "лh", return_whist: "рr", check: "кc" };
  var byKey = {};
  Object.keys(KEYS).forEach(function (call) {
    KEYS[call].split("").forEach(function (ch) { byKey[ch] = call; });
  });
  function el(name) { return form.elements.namedItem(name); }
  function checked(name) {
    var r = form.querySelector('input[name="' + name + '"]:checked');
    return r ? r.value : "";
  }
  function rowCall(n) { var s = el("call_" + n + "_call"); return s ? s.value : ""; }
  function rowPlayer(n) { var s = el("call_" + n + "_player"); return s ? s.value : ""; }

  function callRows() { return Array.prototype.slice.call(form.querySelectorAll("[data-call-row]")); }
  var more = document.createElement("button");
  more.type = "button";
  more.className = "more-calls";
  more.textContent = form.dataset.moreCalls || "+";
  var extra = 0; // rows asked for beyond what the calls need

  // the keys on every call choice and the button for another call, once per markup: the
  // table page puts a refused deal's markup, as the server answered it, into the form
  function enhance() {
    form.querySelectorAll('select[name$="_call"]').forEach(function (select) {
      if (select.dataset.keys) return;
      select.dataset.keys = "shown";
      Array.prototype.forEach.call(select.options, function (option) {
        var keys = KEYS[option.value];
        if (keys) option.textContent += "  [" + keys[0].toUpperCase() + "/" + keys[1].toUpperCase() + "]";
      });
    });
    var table = form.querySelector("table.calls");
    if (table && !form.contains(more)) {
      table.insertAdjacentElement("afterend", more);
      extra = 0;
    }
  }

  function needed() {
    var n = 2;
    if (rowCall(1) === "half_whist" || rowCall(2) === "half_whist") n = 3;
    var rows = callRows();
    rows.forEach(function (row) {
      var k = Number(row.dataset.callRow);
      if (rowCall(k) || (k > 2 && rowPlayer(k))) n = Math.max(n, k);
    });
    return Math.min(rows.length, n + extra);
  }
  function syncRows() {
    enhance();
    var rows = callRows(), shown = needed(), declarer = checked("declarer");
    rows.forEach(function (row) {
      var k = Number(row.dataset.callRow);
      row.hidden = k > shown;
      var player = el("call_" + k + "_player");
      if (!player) return;
      Array.prototype.forEach.call(player.options, function (option) {
        option.hidden = option.disabled = option.value !== "" && option.value === declarer;
      });
      if (player.value && player.value === declarer) player.value = "";
    });
    more.hidden = shown >= rows.length;
  }
  more.addEventListener("click", function () {
    extra += 1;
    syncRows();
    var next = callRows().filter(function (r) { return !r.hidden; }).pop();
    var select = next && next.querySelector("select");
    if (select) select.focus();
  });

  function focusables() {
    return Array.prototype.filter.call(
      form.querySelectorAll("input, select, textarea, button"),
      function (f) {
        return !f.disabled && f.tabIndex >= 0 && f.type !== "hidden" && f.offsetParent !== null &&
          !(f.type === "radio" && !f.checked && form.querySelector('input[name="' + f.name + '"]:checked'));
      });
  }
  function advance(from) {
    var list = focusables(), i = list.indexOf(from);
    var row = from.name.match(/^call_(\d)_call$/);
    if (row) { // the next row's call when its player is known already
      var next = el("call_" + (Number(row[1]) + 1) + "_call");
      var nextRow = next && next.closest("tr");
      if (next && nextRow && !nextRow.hidden && rowPlayer(Number(row[1]) + 1)) { next.focus(); return; }
    }
    for (var k = i + 1; k < list.length; k++) {
      if (list[k].name === from.name) continue;
      if (/^call_\d_player$/.test(list[k].name) && list[k].value) continue;
      list[k].focus();
      return;
    }
  }
  form.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!target.name || !/^call_\d_call$/.test(target.name)) return;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    var key = (event.key || "").toLowerCase();
    var call = byKey[key];
    if (call || key === "backspace" || key === "delete") {
      event.preventDefault();
      target.value = call || "";
      target.dispatchEvent(new Event("change", { bubbles: true }));
      syncRows();
      if (call) advance(target);
    }
  });
  form.addEventListener("change", syncRows);
  syncRows();

  // start where typing starts: the field the server marks (the declarer, or the first at
  // fault), on its chosen or first enabled choice. The focus is checked, not assumed: a
  // choice disabled after the markup was parsed (the sitting-out dealer's seat at a table
  // of four) can take the browser's autofocus and lose it again, leaving the page itself
  // focused. ``force``: move the focus there whatever has it (after a save).
  function usable(f) {
    return !!f && f !== document.body && !f.disabled && f.offsetParent !== null;
  }
  function startField() {
    var auto = form.querySelector("[autofocus]") || form.querySelector('input[name="declarer"]');
    if (!auto || auto.type !== "radio") return auto;
    var group = form.querySelectorAll('input[name="' + auto.name + '"]');
    return form.querySelector('input[name="' + auto.name + '"]:checked') ||
      Array.prototype.find.call(group, usable) || auto;
  }
  function focusStart(force) {
    var target = startField(), current = document.activeElement;
    var untouched = current && target && current.type === "radio" && current.name === target.name;
    if (!force && usable(current) && !untouched) return;
    if (usable(target)) target.focus();
  }
  window.focusDealStart = focusStart;
  focusStart(false);
})();
