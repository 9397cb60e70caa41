// The outbox, the drafts and the sending of the outbox, on a fake IndexedDB.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { IDBFactory } from "fake-indexeddb";

import { nextDealer, summary } from "../../static/js/draft.js";
import { newKey } from "../../static/js/keys.js";
import { openStore } from "../../static/js/outbox.js";
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
    await first.saveDraft(TABLE, [["tricks_A", "6"]]);
    first.db.close();
    const again = await openStore(factory, "reload");
    assert.equal((await again.list(TABLE)).length, 1);
    assert.deepEqual(await again.loadDraft(TABLE), [["tricks_A", "6"]]);
    await again.clearDraft(TABLE);
    assert.equal(await again.loadDraft(TABLE), null);
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
    assert.equal(summary(fields, {}), "A: 6♠; A 6 · B 3 · C 1");
    assert.equal(summary([["type", "raspasy"]], { raspasy: "распасы" }), "распасы");
  });

  it("the dealer goes clockwise", () => {
    assert.equal(nextDealer(["A", "B", "C"], "C"), "A");
    assert.equal(nextDealer(["A", "B", "C", "D"], "B"), "C");
    assert.equal(nextDealer(["A", "B", "C"], ""), "A");
  });
});
