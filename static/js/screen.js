// The big screen pages what it holds so that every row is seen on this screen: it measures
// how many rows fit below the heading, shows them page by page (standings, then "find your
// table"), and after the last page loads itself again for fresh figures.
(function () {
  "use strict";
  var screen = document.getElementById("screen");
  if (!screen || !screen.hasAttribute("data-measure")) return;
  var seconds = Number(screen.dataset.seconds || 12);
  var parts = Array.prototype.slice.call(screen.querySelectorAll(".screen-part"));
  var steps = []; // [part, rows of that page, page number, pages]

  function show(part) {
    parts.forEach(function (p) { p.hidden = p !== part; });
  }
  function paginate(part) {
    show(part);
    var rows = Array.prototype.slice.call(part.querySelectorAll("[data-row]"));
    rows.forEach(function (r) { r.hidden = false; });
    if (!rows.length) { steps.push([part, [], 1, 1]); return; }
    var list = rows[0].parentElement;
    var top = rows[0].getBoundingClientRect().top;
    var room = window.innerHeight - top - 8;
    var pages = [];
    if (list.tagName === "TBODY") {
      // one column: cut where the next row would pass the bottom of the screen
      var start = top, page = [];
      rows.forEach(function (r) {
        var box = r.getBoundingClientRect();
        if (page.length && box.bottom - start > room) { pages.push(page); page = []; start = box.top; }
        page.push(r);
      });
      if (page.length) pages.push(page);
    } else {
      // a list in columns: as many rows as fit in one column, times the columns
      var columns = Math.max(1, Math.round(list.getBoundingClientRect().width /
        Math.max(1, rows[0].getBoundingClientRect().width)));
      var height = rows[0].getBoundingClientRect().height || 1;
      var per = Math.max(1, Math.floor(room / height)) * columns;
      for (var i = 0; i < rows.length; i += per) pages.push(rows.slice(i, i + per));
    }
    pages.forEach(function (rowsOfPage, i) { steps.push([part, rowsOfPage, i + 1, pages.length]); });
  }
  parts.forEach(paginate);
  screen.dataset.pages = String(steps.length);

  var at = 0;
  function render() {
    var step = steps[at];
    var part = step[0];
    show(part);
    part.querySelectorAll("[data-row]").forEach(function (r) { r.hidden = step[1].indexOf(r) < 0; });
    var label = part.querySelector(".screen-page");
    if (label) {
      label.textContent = step[3] > 1
        ? label.dataset.pageLabel.replace("#N", step[2]).replace("#T", step[3]) : "";
    }
    screen.dataset.step = String(at);
  }
  render();
  window.screenNext = function () { // the browser tests turn the pages without waiting
    at += 1;
    if (at >= steps.length) { at = 0; return false; }
    render();
    return true;
  };
  setInterval(function () {
    if (!window.screenNext()) window.location.reload();
  }, seconds * 1000);
})();
