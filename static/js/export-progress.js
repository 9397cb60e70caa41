// A long export as its background job goes (exports/wait.html, exports/views.py): the bar
// moves from waiting to being made to ready, then the download link shows; a failed job
// shows its reason and, to the chief, Retry. Reads the JSON state every two seconds, as
// the duplicate session's analysis does (js/analysis.js), until the job is done or failed.
(function () {
  "use strict";
  var EVERY = 2000;
  var section = document.getElementById("export-progress");
  if (!section) return;
  var bar = section.querySelector("progress");
  var status = section.querySelector(".export-status");
  var done = section.querySelector(".export-done");
  var link = section.querySelector(".export-download");
  var failed = section.querySelector(".export-failed");
  var error = section.querySelector(".export-error");
  var retry = section.querySelector(".export-retry");
  var words = section.querySelector(".export-words").dataset;
  function show(state) {
    bar.value = state.percent;
    bar.textContent = state.percent + "%";
    status.textContent = words[state.status] || state.status;
    section.dataset.state = state.status;
    done.hidden = !state.done;
    if (state.done) link.href = state.download;
    failed.hidden = state.status !== "failed";
    error.textContent = state.error || "";
    if (state.retry) { retry.action = state.retry; retry.hidden = false; }
    return state.done || state.status === "failed";
  }
  function once() {
    fetch(section.dataset.url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.status === 200 || r.status === 202 ? r.json() : null; })
      .then(function (state) {
        if (state && show(state)) return; // finished: no more polling
        setTimeout(once, EVERY);
      })
      .catch(function () { setTimeout(once, EVERY); });
  }
  var now = section.dataset.state;
  if (now !== "done" && now !== "failed") setTimeout(once, EVERY);
})();
