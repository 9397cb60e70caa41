// Sending the outbox: in order, one deal at a time, each with its idempotency key, so a
// retry after a lost answer stores nothing twice. A refusal stops the queue at that deal
// (the deals after it wait: their order matters for the sheet) until the referee corrects it.

import { ownerOf } from "./outbox.js";

export const STORED = "stored"; // the server has the deal (or had it already)
export const REFUSED = "refused"; // the server said no: the referee must correct it
export const OFFLINE = "offline"; // no answer: try again later
export const LOGIN = "login"; // the session has ended: log in again, nothing is lost

// Only ``owner``'s deals are sent (the signed-in user's own; another author's only when the
// chief referee sends them explicitly): the deals of the others on the tablet wait aside.
export async function flush(store, table, send, owner = "") {
  const report = { sent: 0, stopped: null, entry: null };
  const queue = (await store.list(table)).filter((e) => ownerOf(e) === String(owner));
  for (const entry of queue) {
    if (entry.state === REFUSED) {
      report.stopped = REFUSED;
      report.entry = entry;
      return report;
    }
    let answer;
    try {
      answer = await send(entry);
    } catch (error) {
      answer = { kind: OFFLINE, error: String(error) };
    }
    if (answer.kind === STORED) {
      await store.remove(entry.id);
      report.sent += 1;
      continue;
    }
    if (answer.kind === REFUSED) {
      const refused = { ...entry, state: REFUSED, error: answer.error ?? null };
      await store.put(refused);
      report.entry = refused;
    }
    report.stopped = answer.kind;
    return report;
  }
  return report;
}

// One flush at a time per page: a second call while one runs waits for it and runs again.
export function serialised(run) {
  let last = Promise.resolve();
  return (...args) => {
    const next = last.then(() => run(...args));
    last = next.catch(() => undefined);
    return next;
  };
}

// The server's answer to a posted deal form, as the outbox needs it. ``response``: a fetch
// Response (redirects followed).
export async function classify(response, parse) {
  const url = response.url || "";
  if (url.includes("/accounts/login/")) return { kind: LOGIN };
  if (response.redirected) return { kind: STORED };
  if (response.status >= 500 || response.status === 0) return { kind: OFFLINE };
  if (response.status === 200) {
    // the table page again, with the refused form and its errors at their fields
    return { kind: REFUSED, error: parse ? parse(await response.text()) : null };
  }
  if (response.status >= 400) {
    const text = await response.text();
    return { kind: REFUSED, error: { message: text.slice(0, 500) } };
  }
  return { kind: STORED };
}
