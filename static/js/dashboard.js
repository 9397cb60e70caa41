// The chief's round dashboard: the round clock ticks every second (server time as the
// reference), the tables' part is fetched again every few seconds.
(function () {
  "use strict";
  var clock = document.getElementById("round-clock");
  var value = clock && clock.querySelector(".clock-value");
  var skew = clock ? Date.parse(clock.dataset.now) - Date.now() : 0;
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function text(ms) {
    var s = Math.floor(Math.abs(ms) / 1000);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
    return (ms < 0 ? "−" : "") + (h ? h + ":" + two(m) : m) + ":" + two(s % 60);
  }
  function tick() {
    if (!value) return;
    var now = Date.now() + skew;
    if (clock.dataset.ends) {
      var left = Date.parse(clock.dataset.ends) - now;
      value.textContent = text(left);
      clock.classList.toggle("late", left < 0);
      clock.classList.toggle("soon", left >= 0 && left < 10 * 60 * 1000);
    } else if (clock.dataset.started) {
      value.textContent = text(now - Date.parse(clock.dataset.started));
    }
  }
  tick();
  setInterval(tick, 1000);
  var part = document.getElementById("dashboard-tables");
  if (!part) return;
  setInterval(function () {
    fetch(part.dataset.url, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) part.innerHTML = html; })
      .catch(function () {});
  }, 1000 * Number(part.dataset.refresh || 15));
})();
