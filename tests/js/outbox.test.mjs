// The outbox, the drafts and the sending of the outbox, on a fake IndexedDB.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { IDBFactory } from "fake-indexeddb";

import { nextDealer, summary } from "../../static/js/draft.js";
import { newKey } from "../../static/js/keys.js";
import { openStore, ownerOf, partition } from "../../static/js/outbox.js";
import {
  classify,
  flush,
  LOGIN,
  OFFLINE,
  REFUSED,
  serialised,
  STORED,
} from "../../static/js/sync.js";

const TABLE = "/t/cup/r/1/t/1/";
const deal = (n) => ({ table: TABLE, url: `${TABLE}deals/`, key: `k${n}`, fields: [["n", `${n}`]] });

let store;
beforeEach(async () => {
  store = await openStore(new IDBFactory(), "test");
});

describe("the outbox", () => {
  it("keeps deals in the order they were entered, per table", async () => {
    for (const n of [1, 2, 3]) await store.add(deal(n));
    await store.add({ ...deal(9), table: "/t/cup/r/1/t/2/" });
    const listed = await store.list(TABLE);
    assert.deepEqual(listed.map((e) => e.key), ["k1", "k2", "k3"]);
    assert.ok(listed.every((e) => e.state === "pending"));
  });

  it("survives reopening the database (a reload)", async () => {
    const factory = new IDBFactory();
    const first = await openStore(factory, "reload");
    await first.add(deal(1));
    await first.saveDraft(TABLE, "7", [["tricks_A", "6"]]);
    first.db.close();
    const again = await openStore(factory, "reload");
    assert.equal((await again.list(TABLE)).length, 1);
    assert.deepEqual(await again.loadDraft(TABLE, "7"), [["tricks_A", "6"]]);
    await again.clearDraft(TABLE, "7");
    assert.equal(await again.loadDraft(TABLE, "7"), null);
  });
});

describe("sending the outbox", () => {
  it("sends every deal once, in order, with its key, and empties the outbox", async () => {
    for (const n of [1, 2, 3]) await store.add(deal(n));
    const sent = [];
    const report = await flush(store, TABLE, async (e) => {
      sent.push(e.key);
      return { kind: STORED };
    });
    assert.deepEqual(sent, ["k1", "k2", "k3"]);
    assert.equal(report.sent, 3);
    assert.equal(report.stopped, null);
    assert.deepEqual(await store.list(TABLE), []);
  });

  it("stops without losing anything when the network fails, and resends the same keys", async () => {
    for (const n of [1, 2, 3]) await store.add(deal(n));
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 2) throw new TypeError("Failed to fetch");
      return { kind: STORED };
    };
    const first = await flush(store, TABLE, flaky);
    assert.equal(first.stopped, OFFLINE);
    assert.deepEqual((await store.list(TABLE)).map((e) => e.key), ["k2", "k3"]);
    const keys = [];
    await flush(store, TABLE, async (e) => {
      keys.push(e.key);
      return { kind: STORED };
    });
    assert.deepEqual(keys, ["k2", "k3"]);
  });

  it("stops at a refused deal, keeps it with its error, and holds the ones after it", async () => {
    for (const n of [1, 2, 3]) await store.add(deal(n));
    const answers = [{ kind: STORED }, { kind: REFUSED, error: { messages: ["9 tricks"] } }];
    const report = await flush(store, TABLE, async () => answers.shift() ?? { kind: STORED });
    assert.equal(report.stopped, REFUSED);
    const left = await store.list(TABLE);
    assert.deepEqual(left.map((e) => [e.key, e.state]), [["k2", "refused"], ["k3", "pending"]]);
    assert.deepEqual(left[0].error.messages, ["9 tricks"]);
    let called = false;
    const again = await flush(store, TABLE, async () => {
      called = true;
      return { kind: STORED };
    });
    assert.equal(again.stopped, REFUSED);
    assert.equal(called, false);
    // corrected, it is sent again in its place
    await store.put({ ...left[0], state: "pending", key: "k2b", error: null });
    const order = [];
    await flush(store, TABLE, async (e) => {
      order.push(e.key);
      return { kind: STORED };
    });
    assert.deepEqual(order, ["k2b", "k3"]);
  });

  it("runs one flush at a time", async () => {
    let running = 0;
    let most = 0;
    const run = serialised(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
    });
    await Promise.all([run(), run(), run()]);
    assert.equal(most, 1);
  });
});

describe("reading the server's answer", () => {
  const response = (status, { redirected = false, url = "http://x/t/cup/r/1/t/1/", body = "" } = {}) => ({
    status,
    redirected,
    url,
    text: async () => body,
  });

  it("a redirect to the table is a stored deal (a replay too)", async () => {
    assert.equal((await classify(response(200, { redirected: true }))).kind, STORED);
  });

  it("the table page again is a refusal, with what the parser finds in it", async () => {
    const answer = await classify(response(200, { body: "<form>" }), (html) => ({ html }));
    assert.equal(answer.kind, REFUSED);
    assert.deepEqual(answer.error, { html: "<form>" });
  });

  it("a 422 or 403 is a refusal; a 5xx is tried again; the login page means log in", async () => {
    assert.equal((await classify(response(422, { body: "other values" }))).kind, REFUSED);
    assert.equal((await classify(response(403))).kind, REFUSED);
    assert.equal((await classify(response(502))).kind, OFFLINE);
    const login = response(200, { redirected: true, url: "http://x/accounts/login/?next=/t/" });
    assert.equal((await classify(login)).kind, LOGIN);
  });
});

describe("keys and summaries", () => {
  it("keys are version-4 UUIDs, all different, without a secure context", () => {
    const keys = new Set(Array.from({ length: 100 }, () => newKey()));
    assert.equal(keys.size, 100);
    for (const key of keys) assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("a pending deal reads like the sheet", () => {
    const fields = [["type", "game"], ["declarer", "A"], ["level", "6"], ["strain", "S"],
      ["tricks_A", "6"], ["tricks_B", "3"], ["tricks_C", "1"], ["tricks_D", ""]];
    assert.equal(summary(fields, { strains: { S: "♠" } }), "A: 6♠; A 6 · B 3 · C 1");
    // without the page's signs the strain's letter stands, never a sign of its own
    assert.equal(summary(fields, {}), "A: 6S; A 6 · B 3 · C 1");
    assert.equal(summary([["type", "raspasy"]], { raspasy: "распасы" }), "распасы");
  });

  it("the dealer goes clockwise", () => {
    assert.equal(nextDealer(["A", "B", "C"], "C"), "A");
    assert.equal(nextDealer(["A", "B", "C", "D"], "B"), "C");
    assert.equal(nextDealer(["A", "B", "C"], ""), "A");
  });
});

// -- a shared tablet: each queued deal and draft is its author's

const by = (n, user, userName) => ({ ...deal(n), user, userName });

describe("a tablet shared by two referees", () => {
  it("keeps each user's draft apart: B never gets A's half-typed deal", async () => {
    await store.saveDraft(TABLE, "1", [["tricks_A", "6"]]);
    assert.equal(await store.loadDraft(TABLE, "2"), null);
    await store.saveDraft(TABLE, "2", [["tricks_A", "3"]]);
    assert.deepEqual(await store.loadDraft(TABLE, "1"), [["tricks_A", "6"]]);
    await store.clearDraft(TABLE, "2");
    assert.deepEqual(await store.loadDraft(TABLE, "1"), [["tricks_A", "6"]]);
  });

  it("splits the queue into the signed-in user's deals and the others', per author", async () => {
    await store.add(by(1, "1", "Анна Белова"));
    await store.add(by(2, "2", "Борис"));
    await store.add(by(3, "1", "Анна Белова"));
    await store.add(deal(4)); // queued before the outbox recorded its author
    const { mine, aside } = partition(await store.list(TABLE), "2");
    assert.deepEqual(mine.map((e) => e.key), ["k2"]);
    assert.deepEqual(
      aside.map((g) => [g.user, g.name, g.entries.map((e) => e.key)]),
      [["1", "Анна Белова", ["k1", "k3"]], ["", "", ["k4"]]],
    );
    // a number and its text are one user; nobody signed in owns nothing, not even the old deals
    assert.equal(partition([by(1, 2)], "2").mine.length, 1);
    assert.equal(partition([deal(4)], "").mine.length, 0);
    assert.equal(ownerOf(deal(4)), "");
  });

  it("sends only the signed-in user's deals; the others' wait, untouched", async () => {
    await store.add(by(1, "1", "A"));
    await store.add(by(2, "1", "A"));
    await store.add(by(3, "2", "B"));
    const sent = [];
    const send = async (e) => {
      sent.push([e.key, e.user]);
      return { kind: STORED };
    };
    const report = await flush(store, TABLE, send, "2");
    assert.equal(report.sent, 1);
    assert.deepEqual(sent, [["k3", "2"]]);
    assert.deepEqual((await store.list(TABLE)).map((e) => e.key), ["k1", "k2"]);
    // nobody signed in (after a logout) sends nothing
    assert.equal((await flush(store, TABLE, send, "")).sent, 0);
    // their author back: his two, in order, with their keys
    await flush(store, TABLE, send, "1");
    assert.deepEqual(sent.slice(1), [["k1", "1"], ["k2", "1"]]);
    assert.deepEqual(await store.list(TABLE), []);
  });

  it("a refusal stops only its author's queue", async () => {
    await store.add(by(1, "1", "A"));
    await store.add(by(2, "2", "B"));
    await flush(store, TABLE, async () => ({ kind: REFUSED, error: null }), "1");
    const report = await flush(store, TABLE, async () => ({ kind: STORED }), "2");
    assert.equal(report.sent, 1);
    assert.deepEqual((await store.list(TABLE)).map((e) => [e.key, e.state]), [["k1", "refused"]]);
  });

  it("deals of nobody known become the claimer's, and only those", async () => {
    await store.add(deal(1));
    await store.add(by(2, "1", "A"));
    await store.claim(TABLE, "2", "B");
    const { mine, aside } = partition(await store.list(TABLE), "2");
    assert.deepEqual(mine.map((e) => [e.key, e.user, e.userName]), [["k1", "2", "B"]]);
    assert.deepEqual(aside.map((g) => g.user), ["1"]);
  });

  it("an outbox of version 1 keeps its queued deals, of nobody known, and drops its drafts", async () => {
    const factory = new IDBFactory();
    const open = factory.open("old", 1);
    open.onupgradeneeded = () => {
      const db = open.result;
      db.createObjectStore("outbox", { keyPath: "id", autoIncrement: true }).createIndex("table", "table");
      db.createObjectStore("drafts", { keyPath: "table" });
    };
    const old = await new Promise((resolve) => {
      open.onsuccess = () => resolve(open.result);
    });
    const tx = old.transaction(["outbox", "drafts"], "readwrite");
    tx.objectStore("outbox").add({ ...deal(1), state: "pending" });
    tx.objectStore("drafts").put({ table: TABLE, fields: [["tricks_A", "6"]] });
    await new Promise((resolve) => {
      tx.oncomplete = resolve;
    });
    old.close();
    const upgraded = await openStore(factory, "old");
    const listed = await upgraded.list(TABLE);
    assert.deepEqual(listed.map((e) => [e.key, ownerOf(e)]), [["k1", ""]]);
    assert.equal(await upgraded.loadDraft(TABLE, ""), null);
  });
});
