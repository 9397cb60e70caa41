// The referee's table page, offline-tolerant: every deal saved goes to the outbox first
// (IndexedDB, with its idempotency key) and is shown as pending until the server has it;
// the outbox is sent in order whenever the connection is there; the form's draft survives
// a reload; a refusal comes back into the form with its errors at their fields. In a secure
// context (HTTPS, localhost) a service worker also keeps the page itself for offline use.

import { clearForm, fillForm, formFields, nextDealer, summary } from "./draft.js";
import { newKey } from "./keys.js";
import { openStore, partition } from "./outbox.js";
import { classify, flush, LOGIN, OFFLINE, REFUSED, serialised, STORED } from "./sync.js";
import { discardOnServer, showAside } from "./tablet.js";

const CACHE = "referee-pages-v1";
const RETRY_MS = 10000;

const form = document.getElementById("deal-form");
const panel = document.getElementById("offline");

function cookie(name) {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

function text(key, n, name) {
  let raw = panel.dataset[`msg${key[0].toUpperCase()}${key.slice(1)}`] || key;
  if (n !== undefined) raw = raw.replace("%(n)s", String(n));
  return name === undefined ? raw : raw.replace("%(name)s", name);
}

// the strains' signs as the deal form writes them (its radio buttons' labels: "♠", "БК")
function strainSigns() {
  const signs = {};
  for (const input of document.querySelectorAll('input[name="strain"]')) {
    const label = input.closest("label");
    if (input.value && label) signs[input.value] = label.textContent.trim();
  }
  return signs;
}

function words() {
  const strains = strainSigns();
  return { raspasy: text("raspasy"), misere: text("misere"), game: text("game"), strains };
}

async function keepPageOffline() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    panel.dataset.offlinePage = "no";
    return;
  }
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const cache = await caches.open(CACHE);
  const assets = [
    location.pathname,
    ...Array.from(document.querySelectorAll("link[rel=stylesheet]"), (l) => l.href),
    ...Array.from(document.querySelectorAll("script[src]"), (s) => s.src),
    ...["draft.js", "keys.js", "outbox.js", "sync.js", "tablet.js"].map((m) => new URL(m, import.meta.url).href),
  ];
  await cache.addAll(assets);
  panel.dataset.offlinePage = "yes";
}

// ``onBehalf``: the chief referee sends, explicitly, a deal another referee entered
function send(entry, onBehalf = false) {
  const body = new URLSearchParams(entry.fields);
  body.set("csrfmiddlewaretoken", cookie("csrftoken"));
  body.set("idempotency_key", entry.key);
  if (entry.user != null) body.set("entered_by", String(entry.user));
  if (onBehalf) body.set("on_behalf", "yes");
  return fetch(entry.url, {
    method: "POST",
    body,
    credentials: "same-origin",
    headers: { "Idempotency-Key": entry.key, "X-Requested-With": "fetch" },
  }).then((response) => classify(response, parseRefusal));
}

// The refused form of the page the server answered with: its inner HTML (values and errors
// at their fields), its summary of every error and its messages.
function parseRefusal(html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const refused = page.getElementById("deal-form");
  const errors = Array.from(page.querySelectorAll("#deal-form .errorlist li"), (li) =>
    li.textContent.trim(),
  );
  const listed = page.getElementById("error-summary");
  return {
    form: refused ? refused.innerHTML : null,
    summary: listed ? listed.outerHTML : null,
    messages: errors,
  };
}

// The summary above the form: the refusal's own (as the server would show it), or none.
function placeSummary(html) {
  const old = document.getElementById("error-summary");
  if (old) old.remove();
  if (!html) return;
  const holder = document.createElement("div");
  holder.innerHTML = html;
  const summary = holder.firstElementChild;
  form.before(summary);
  if (window.showErrorSummary) window.showErrorSummary(summary);
}

function pendingRows(entries) {
  const body = document.querySelector("table.deals tbody");
  if (!body) return;
  for (const row of body.querySelectorAll("tr.pending")) row.remove();
  const empty = body.querySelector("tr.no-deals");
  if (empty) empty.hidden = entries.length > 0;
  const columns = document.querySelectorAll("table.deals thead th").length;
  for (const entry of entries) {
    const row = document.createElement("tr");
    row.className = `pending ${entry.state}`;
    row.dataset.key = entry.key;
    const badge = entry.state === REFUSED ? text("refusedBadge") : text("pendingBadge");
    const cells = [
      "…",
      entry.fields.find(([n]) => n === "dealer")?.[1] ?? "",
      `${summary(entry.fields, words())} — ${badge}`,
    ];
    for (const value of cells) {
      const cell = document.createElement("td");
      cell.textContent = value;
      row.append(cell);
    }
    const rest = document.createElement("td");
    rest.colSpan = Math.max(1, columns - cells.length);
    row.append(rest);
    body.append(row);
  }
}

// The form's heading ("Deal 5") counts the deals queued before it: offline, the next deal is
// the one after those in the outbox; a refused one comes back into the form, so the heading
// is then its number.
function entryHeading(entries) {
  const title = document.getElementById("entry-title");
  if (!title || !title.dataset.next || !form) return;
  const adding = new URL(form.action, location.href).pathname;
  const added = entries.filter((e) => new URL(e.url, location.href).pathname === adding);
  const refused = added.findIndex((e) => e.state === REFUSED);
  const before = refused === -1 ? added.length : refused;
  const node = title.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE) {
    node.textContent = node.textContent.replace(/\d+/, String(Number(title.dataset.next) + before));
  }
}

const user = panel ? panel.dataset.user || "" : "";
const userName = panel ? panel.dataset.userName || "" : "";

async function show(store, table, note, actions) {
  const { mine: entries, aside } = partition(await store.list(table), user);
  pendingRows(entries);
  entryHeading(entries);
  const holder = document.getElementById("tablet-aside");
  if (holder) {
    showAside(holder, aside, { chief: panel.dataset.chief === "yes", text, actions });
    panel.dataset.aside = String(aside.reduce((n, g) => n + g.entries.length, 0));
  }
  const status = document.getElementById("sync-status");
  const waiting = entries.length;
  const online = navigator.onLine;
  let message = waiting ? text("pending", waiting) : text("synced");
  if (!online) message = `${text("offline")} ${message}`;
  if (note) message = `${message} ${note}`;
  status.textContent = message;
  panel.dataset.pending = String(waiting);
  panel.dataset.online = online ? "yes" : "no";
}

// After a save: the next deal's form, empty but for its dealer and what a new form starts
// with (``data-fresh``), whatever was in the form before (a refused deal included).
function resetForm(fields) {
  const value = (name) => fields.find(([n]) => n === name)?.[1] ?? "";
  const letters = (form.dataset.letters || "").split("");
  const fresh = Array.from(new URLSearchParams(form.dataset.fresh || ""));
  const next = nextDealer(letters, value("dealer"), value("type"), panel.dataset.dealRotation);
  clearForm(form, [...fresh, ["dealer", next]]);
  form.elements.namedItem("idempotency_key").value = newKey();
  form.dispatchEvent(new Event("change", { bubbles: true }));
  if (window.focusDealStart) window.focusDealStart(true);
}

async function main() {
  if (!form || !panel) return;
  const table = panel.dataset.table;
  const url = form.getAttribute("action");
  const store = await openStore();
  form.elements.namedItem("idempotency_key").value = newKey(); // a cached page's key is used
  let editing = null; // the outbox entry of a refused deal being corrected

  const draft = await store.loadDraft(table, user);
  const bound = form.querySelector(".errorlist");
  if (draft && !bound) {
    fillForm(form, draft);
    form.dispatchEvent(new Event("change", { bubbles: true }));
    // the draft's dealer may disable the focused seat, its declarer is the one to start on
    if (window.focusDealStart) window.focusDealStart(false);
  }
  const saveDraft = () => store.saveDraft(table, user, formFields(form));
  form.addEventListener("input", saveDraft);
  form.addEventListener("change", saveDraft);

  let actions = {};
  const refresh = (note) => show(store, table, note, actions);
  const sendAll = serialised(async () => {
    panel.dataset.sending = "yes"; // until the server has answered, or cannot be reached
    const report = await flush(store, table, send, user).finally(() => {
      panel.dataset.sending = "no";
    });
    let note = "";
    if (report.stopped === REFUSED && report.entry) {
      // the refused deal comes into the form once: the retries that follow find it again
      // at the head of the queue and must not wipe the referee's correction in progress
      if (!editing || editing.id !== report.entry.id) {
        editing = report.entry;
        const refusal = report.entry.error || {};
        if (refusal.form) form.innerHTML = refusal.form;
        else fillForm(form, report.entry.fields);
        form.elements.namedItem("idempotency_key").value = newKey();
        form.dispatchEvent(new Event("change", { bubbles: true }));
        placeSummary(refusal.summary);
      }
      note = text("refused");
      panel.dataset.refused = "yes";
    } else if (report.stopped === LOGIN) {
      note = text("login");
    }
    await refresh(note);
    const { mine } = partition(await store.list(table), user);
    if (report.sent && !report.stopped && !mine.length) {
      // everything is on the server: show the server's sheet
      location.replace(location.pathname);
    }
    return report;
  });

  form.addEventListener("submit", async (event) => {
    if (event.submitter && event.submitter.name === "draw_lot") return; // the site draws it
    event.preventDefault();
    const fields = formFields(form);
    const key = form.elements.namedItem("idempotency_key").value || newKey();
    if (editing) {
      await store.put({ ...editing, fields, key, state: "pending", error: null });
      editing = null;
      delete panel.dataset.refused;
      placeSummary(null);
    } else {
      await store.add({ table, url, key, fields, user, userName });
    }
    await store.clearDraft(table, user);
    resetForm(fields);
    await refresh();
    if (navigator.onLine) sendAll();
  });

  // another referee's deals: the chief's explicit sending (in their order, with their keys)
  // or discarding; deals of nobody known, claimed by the one who entered them
  const sendFor = serialised(async (group) => {
    const report = await flush(store, table, (e) => send(e, true), group.user);
    const left = partition(await store.list(table), user).aside;
    const note = report.stopped ? text(report.stopped === REFUSED ? "asideRefused" : "asideFailed") : "";
    await refresh(note);
    if (report.sent && !left.length) location.replace(location.pathname);
  });
  actions = {
    send: sendFor,
    discard: async (group) => {
      const words_ = words();
      if (!(await discardOnServer(panel.dataset.discard, group, words_, cookie("csrftoken")))) {
        await refresh(text("asideFailed"));
        return;
      }
      for (const entry of group.entries) await store.remove(entry.id);
      await refresh(text("discarded", group.entries.length, group.name));
    },
    claim: async () => {
      await store.claim(table, user, userName);
      await refresh();
      if (navigator.onLine) sendAll();
    },
  };

  // A page left for another (a logout, another user's sign-in) sends nothing more; brought
  // back from the browser's back-forward cache, it is loaded again, for whoever is signed in
  // now (its ``data-user`` may be the previous user's)
  let leaving = false;
  window.addEventListener("pagehide", () => {
    leaving = true;
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) location.reload();
  });
  const whenHere = (run) => () => (leaving ? undefined : run());

  window.addEventListener("online", whenHere(sendAll));
  window.addEventListener("offline", () => refresh());
  setInterval(() => {
    if (navigator.onLine && !leaving) sendAll();
  }, RETRY_MS);
  await refresh();
  panel.dataset.ready = "yes";
  if (navigator.onLine) sendAll();
  keepPageOffline().catch(() => {
    panel.dataset.offlinePage = "failed";
  });
}

main();

export { OFFLINE, STORED };
