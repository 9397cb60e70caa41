// A duplicate session's double-dummy analysis as it goes: the chief's progress bar
// ("boards analysed: 5 of 8", the failed boards with their reason and Retry) and, on the
// board page and the hand records, "being computed" replaced once the board is analysed.
// Both read a JSON answer every few seconds (duplicate/views.py) until everything is done.
(function () {
  "use strict";
  var EVERY = 2000;
  function poll(url, onState) {
    function once() {
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (state) {
          if (state && onState(state)) return; // finished: no more polling
          setTimeout(once, EVERY);
        })
        .catch(function () { setTimeout(once, EVERY); });
    }
    setTimeout(once, EVERY);
  }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? String(values[key]) : all;
    });
  }

  var section = document.getElementById("board-analysis");
  if (section) {
    var bar = section.querySelector("progress");
    var label = section.querySelector(".analysis-text");
    var done = section.querySelector(".analysis-done");
    var list = section.querySelector(".analysis-failed");
    var row = document.getElementById("analysis-failed-row");
    var words = section.querySelector(".analysis-words").dataset;
    var show = function (state) {
      bar.max = state.boards;
      bar.value = state.analysed;
      bar.textContent = state.analysed + " / " + state.boards;
      label.textContent = fill(words.progress, { done: state.analysed, total: state.boards });
      done.hidden = !state.done;
      list.textContent = "";
      state.failed.forEach(function (failed) {
        var item = row.content.cloneNode(true);
        item.querySelector(".analysis-failed-text").textContent =
          fill(words.failed, { n: failed.board, attempts: failed.attempts });
        item.querySelector("code").textContent = failed.error;
        item.querySelector("form").action = failed.retry;
        list.appendChild(item);
      });
      section.dataset.state = state.done ? "done" : "running";
      // a failed board waits for the chief's Retry, which reloads the page
      return state.done || state.analysed + state.failed.length === state.boards;
    };
    section.dataset.state = bar.value >= bar.max ? "done" : "running";
    if (section.dataset.state !== "done") poll(section.dataset.url, show);
  }

  var waiting = document.querySelectorAll(".being-computed");
  if (waiting.length) {
    poll(waiting[0].dataset.url, function (state) {
      var analysed = state.analysed_boards || [];
      for (var i = 0; i < waiting.length; i++) {
        if (analysed.indexOf(Number(waiting[i].dataset.board)) >= 0) {
          window.location.reload();
          return true;
        }
      }
      return state.done;
    });
  }
})();
