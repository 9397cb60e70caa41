// The notice of a shared tablet: the deals other users queued at this table and that wait
// on this device ("2 deals entered by Анна Белова are waiting on this tablet"), never sent
// under the signed-in user's name nor shown in his form. The chief referee may send them
// (the server records their real author and logs that the chief sent them) or discard them
// (logged); deals of nobody known may be claimed by the one who entered them; anybody else
// only sees whose they are and how many.

import { summary } from "./draft.js";

function button(label, action, group) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.action = action;
  b.dataset.author = group.user;
  return b;
}

// ``text(key, n, name)``: the page's message; ``actions``: {send, discard, claim}(group)
export function showAside(holder, groups, { chief, text, actions }) {
  holder.replaceChildren();
  holder.hidden = groups.length === 0;
  for (const group of groups) {
    const item = document.createElement("div");
    item.className = "aside-group";
    item.dataset.author = group.user;
    item.dataset.count = String(group.entries.length);
    const line = document.createElement("p");
    const known = group.user !== "";
    line.textContent = known
      ? text("aside", group.entries.length, group.name || `#${group.user}`)
      : text("asideUnknown", group.entries.length);
    item.append(line);
    const bar = document.createElement("p");
    bar.className = "actions";
    if (!known) {
      bar.append(button(text("claim"), "claim", group));
    } else if (chief) {
      bar.append(button(text("sendFor", undefined, group.name), "send", group));
      const discard = button(text("discardFor", undefined, group.name), "discard", group);
      discard.className = "danger";
      bar.append(discard);
    }
    if (bar.childElementCount) item.append(bar);
    holder.append(item);
    for (const b of bar.querySelectorAll("button")) {
      b.addEventListener("click", async () => {
        for (const other of holder.querySelectorAll("button")) other.disabled = true;
        try {
          await actions[b.dataset.action](group);
        } finally {
          for (const other of holder.querySelectorAll("button")) other.disabled = false;
        }
      });
    }
  }
}

// The chief's discard, told to the server first (which logs it): nothing is dropped from the
// tablet unless the server has logged it.
export async function discardOnServer(url, group, words, csrf) {
  const body = new URLSearchParams();
  body.set("csrfmiddlewaretoken", csrf);
  body.set("entered_by", group.user);
  for (const entry of group.entries) body.append("deal", summary(entry.fields, words).slice(0, 500));
  const response = await fetch(url, {
    method: "POST",
    body,
    credentials: "same-origin",
    headers: { "X-Requested-With": "fetch" },
  });
  return response.ok && !response.redirected;
}
