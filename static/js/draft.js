// The deal form as a list of [name, value] pairs and back, for drafts and for the outbox.

export const UNSAVED = new Set(["csrfmiddlewaretoken", "idempotency_key"]);

export function formFields(form) {
  const out = [];
  for (const [name, value] of new FormData(form).entries()) {
    if (!UNSAVED.has(name) && typeof value === "string") out.push([name, value]);
  }
  return out;
}

export function fillForm(form, fields) {
  const values = new Map();
  for (const [name, value] of fields) {
    if (!values.has(name)) values.set(name, []);
    values.get(name).push(value);
  }
  for (const el of form.elements) {
    if (!el.name || UNSAVED.has(el.name)) continue;
    const given = values.get(el.name) ?? [];
    if (el.type === "radio" || el.type === "checkbox") {
      el.checked = given.includes(el.value);
    } else if (el.tagName === "SELECT" && el.multiple) {
      for (const option of el.options) option.selected = given.includes(option.value);
    } else if (el.type !== "submit" && el.type !== "button") {
      el.value = given.length ? given[0] : "";
    }
  }
}

// The form as a new deal's: every value empty but ``fresh`` ([name, value] pairs: the next
// dealer and what a new form starts with), which also become the form's defaults, so that
// nothing a refused deal brought into the form (its values as the defaults of the server's
// markup, its errors, its open sections) comes back after a save, through form.reset() or
// the draft.
export function clearForm(form, fresh) {
  fillForm(form, fresh);
  for (const el of form.elements) {
    if (el.type === "radio" || el.type === "checkbox") {
      el.defaultChecked = el.checked;
    } else if (el.tagName === "SELECT") {
      for (const option of el.options) option.defaultSelected = option.selected;
    } else if (el.type !== "submit" && el.type !== "button" && !UNSAVED.has(el.name)) {
      el.defaultValue = el.value;
    }
    el.removeAttribute("aria-invalid");
    el.removeAttribute("autofocus");
    delete el.dataset.auto;
  }
  for (const list of form.querySelectorAll(".errorlist")) list.remove();
  for (const section of form.querySelectorAll("details")) section.open = false;
}

// A short line for a deal not yet on the server: "A: 6♠, tricks A 6 · B 3 · C 1". The
// words are the page's own (``words.strains``: the deal form's signs, "БК" in Russian).

export function summary(fields, words) {
  const get = (name) => {
    const found = fields.find(([n]) => n === name);
    return found ? found[1] : "";
  };
  const type = get("type");
  const tricks = fields
    .filter(([n, v]) => n.startsWith("tricks_") && v !== "")
    .map(([n, v]) => `${n.slice(7)} ${v}`)
    .join(" · ");
  let what = words[type] ?? type;
  if (type === "game") {
    const strain = get("strain");
    what = `${get("declarer")}: ${get("level")}${(words.strains ?? {})[strain] ?? strain}`;
  }
  if (type === "misere") what = `${get("declarer")}: ${words.misere ?? "misère"}`;
  return tricks ? `${what}; ${tricks}` : what;
}

// The next deal's dealer: clockwise after ``dealer``; with the convention's ``deal_rotation``
// (the page's ``data-deal-rotation``) ``dealer_repeats_on_raspasy``, after a raspasy (``type``)
// the same dealer again, as the server's ``tables.sheet.next_dealer`` suggests it.
export const REPEATS_ON_RASPASY = "dealer_repeats_on_raspasy";

export function nextDealer(letters, dealer, type = "", rotation = "always_clockwise") {
  const i = letters.indexOf(dealer);
  if (i < 0) return letters[0];
  if (rotation === REPEATS_ON_RASPASY && type === "raspasy") return dealer;
  return letters[(i + 1) % letters.length];
}
