// Progressive enhancement of the deal form: the form works without it. Hides what does not
// concern the chosen deal type, ruling or book (the server ignores those parts too), fills the
// defenders when the declarer is chosen, suggests "not played" after pass – pass, and sums
// the tricks. A module (no inline script: the site sends a strict Content-Security-Policy);
// the rules are the exported functions, which the Node tests check without a page.

// the calls after which the defence plays the cards
export const PLAYED = ["whist", "return_whist", "check"];
// the Kodeks rulings under which a game is scored without play
export const UNPLAYED_RULINGS = ["kodex-3.4.4", "kodex-3.4.6"];

// The two defenders of ``declarer``, clockwise after him; at a table of four the dealer
// (who sits out) is skipped.
export function defenders(letters, declarer, dealer) {
  const i = letters.indexOf(declarer);
  const out = [];
  for (let k = 1; k < letters.length; k++) {
    const p = letters[(i + k) % letters.length];
    if (!(letters.length === 4 && p === dealer)) out.push(p);
  }
  return out.slice(0, 2);
}

// The tricks' sum as the hint under them shows it: ``values`` the trick inputs' values ("" for
// an empty one); ``state`` "ok" at 10, "off" otherwise, "" while nothing is given.
export function trickSum(values) {
  let total = 0;
  let given = 0;
  for (const v of values) {
    if (v !== "") {
      total += Number(v);
      given += 1;
    }
  }
  if (!given) return { text: "", state: "" };
  return { text: `Σ ${total} / 10`, state: total === 10 ? "ok" : "off" };
}

// The play to suggest for a deal (``"none"`` not played, ``"closed"`` played), or null to
// leave the choice as it is: ``calls`` the defence calls said so far, in order; ``play`` the
// choice now. Not played after two calls none of which plays (pass – pass), or under a ruling
// that scores the game without play; a deal that is not a game is never "not played".
export function suggestedPlay(type, calls, ruling, play) {
  if (type !== "game") return play === "none" ? "closed" : null;
  if (UNPLAYED_RULINGS.includes(ruling)) return "none";
  if (calls.length < 2) return null;
  if (!calls.some((c) => PLAYED.includes(c))) return "none";
  return play === "none" ? "closed" : null;
}

export function enhance(form, doc) {
  const letters = form.dataset.letters.split("");
  const field = (name) => form.elements.namedItem(name);
  const checked = (name) => form.querySelector(`input[name="${name}"]:checked`)?.value ?? "";
  const setRadio = (name, value) => {
    const el = form.querySelector(`input[name="${name}"][value="${value}"]`);
    if (el) el.checked = true;
  };
  const calls = () =>
    Array.from(form.querySelectorAll("[data-call-row]"), (row) => {
      return field(`call_${row.dataset.callRow}_call`).value;
    }).filter(Boolean);

  function sum() {
    const found = trickSum(letters.map((p) => field(`tricks_${p}`).value));
    const out = doc.getElementById("tricks-sum");
    out.textContent = found.text;
    out.className = found.state ? `hint ${found.state}` : "hint";
  }

  function sync() {
    const type = checked("type");
    const dealer = checked("dealer");
    for (const el of form.querySelectorAll("[data-types]")) {
      el.hidden = !el.dataset.types.split(" ").includes(type);
    }
    const ruling = field("ruling").value;
    for (const el of form.querySelectorAll("[data-ruling]")) {
      el.hidden = el.dataset.ruling !== ruling;
    }
    for (const row of form.querySelectorAll("[data-manual]")) {
      row.querySelector(".manual-3 select").hidden =
        row.querySelector(".manual-1 select").value !== "whist";
    }
    if (letters.length === 4) {
      // the sitting-out dealer neither declares nor holds cards in a game
      for (const r of form.querySelectorAll('input[name="declarer"]')) {
        r.disabled = r.value === dealer;
        if (r.disabled) r.checked = false;
      }
      for (const p of letters) {
        const input = field(`tricks_${p}`);
        input.disabled = type !== "raspasy" && p === dealer;
        if (input.disabled) input.value = "";
      }
    }
    form.querySelector("#f-tricks").hidden = checked("play") === "none";
    sum();
  }

  function suggestPlay() {
    const play = suggestedPlay(checked("type"), calls(), field("ruling").value, checked("play"));
    if (play) setRadio("play", play);
  }

  form.addEventListener("change", (event) => {
    const name = event.target.name || "";
    if (name === "declarer") {
      const pair = defenders(letters, event.target.value, checked("dealer"));
      ["1", "2"].forEach((n, k) => {
        const player = field(`call_${n}_player`);
        if (!player.value || player.dataset.auto) {
          player.value = pair[k];
          player.dataset.auto = "1";
        }
      });
    }
    const row = name.match(/^call_(\d)_(player|call)$/);
    if (row && row[2] === "player") delete event.target.dataset.auto;
    if (row && row[2] === "call" && Number(row[1]) > 2) {
      const who = field(`call_${row[1]}_player`);
      if (!who.value) who.value = field(`call_${Number(row[1]) - 2}_player`).value;
    }
    if (row || name === "type" || name === "ruling") suggestPlay();
    sync();
  });
  form.addEventListener("input", (event) => {
    if ((event.target.name || "").startsWith("tricks_")) sum();
  });
  sync();
  // autofocus lands on a radio group's first button: move it to the chosen one, so that an
  // arrow key does not change a choice already made
  const auto = form.querySelector("input[type=radio][autofocus]");
  const chosen = auto && form.querySelector(`input[name="${auto.name}"]:checked`);
  if (chosen && doc.activeElement === auto) chosen.focus();
}

if (typeof document !== "undefined") {
  const form = document.getElementById("deal-form");
  if (form) enhance(form, document);
}
