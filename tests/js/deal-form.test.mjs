// The deal form's rules (static/js/deal-form.js) and the next dealer after a save
// (static/js/draft.js), without a page: the module only touches the page when there is one.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { defenders, suggestedPlay, trickSum } from "../../static/js/deal-form.js";
import { nextDealer, REPEATS_ON_RASPASY } from "../../static/js/draft.js";

describe("the defenders", () => {
  it("are the two players clockwise after the declarer at a table of three", () => {
    assert.deepEqual(defenders(["A", "B", "C"], "B", ""), ["C", "A"]);
    assert.deepEqual(defenders(["A", "B", "C"], "C", "A"), ["A", "B"]);
  });

  it("skip the dealer at a table of four, who sits out", () => {
    // declarer B, dealer C: clockwise C (out), D, A
    assert.deepEqual(defenders(["A", "B", "C", "D"], "B", "C"), ["D", "A"]);
    // declarer D, dealer A: clockwise A (out), B, C
    assert.deepEqual(defenders(["A", "B", "C", "D"], "D", "A"), ["B", "C"]);
    // dealer not among the next three: the first two clockwise
    assert.deepEqual(defenders(["A", "B", "C", "D"], "A", "A"), ["B", "C"]);
  });
});

describe("the tricks' sum", () => {
  it("says nothing while no trick is given", () => {
    assert.deepEqual(trickSum(["", "", ""]), { text: "", state: "" });
  });

  it("is ok at ten and off otherwise, counting only the given inputs", () => {
    assert.deepEqual(trickSum(["6", "3", "1"]), { text: "Σ 10 / 10", state: "ok" });
    assert.deepEqual(trickSum(["6", "", "1"]), { text: "Σ 7 / 10", state: "off" });
    assert.deepEqual(trickSum(["0", "", ""]), { text: "Σ 0 / 10", state: "off" });
    assert.deepEqual(trickSum(["6", "3", "2"]), { text: "Σ 11 / 10", state: "off" });
  });
});

describe("the suggested play", () => {
  it("is 'not played' after pass – pass", () => {
    assert.equal(suggestedPlay("game", ["pass", "pass"], "", "closed"), "none");
    assert.equal(suggestedPlay("game", ["pass", "half_whist", "pass"], "", ""), "none");
  });

  it("waits for the second call", () => {
    assert.equal(suggestedPlay("game", ["pass"], "", "closed"), null);
    assert.equal(suggestedPlay("game", [], "", ""), null);
  });

  it("goes back to played after a whist, a return whist or a check, and leaves a choice made", () => {
    assert.equal(suggestedPlay("game", ["pass", "whist"], "", "none"), "closed");
    assert.equal(suggestedPlay("game", ["return_whist", "pass"], "", "none"), "closed");
    assert.equal(suggestedPlay("game", ["check", "check"], "", "none"), "closed");
    assert.equal(suggestedPlay("game", ["whist", "pass"], "", "open"), null);
  });

  it("is 'not played' under the rulings that score the game without play", () => {
    assert.equal(suggestedPlay("game", ["whist", "whist"], "kodex-3.4.4", "open"), "none");
    assert.equal(suggestedPlay("game", [], "kodex-3.4.6", ""), "none");
    assert.equal(suggestedPlay("game", ["whist"], "kodex-3.8.5.1-commercial", "open"), null);
  });

  it("is never 'not played' for a deal that is not a game", () => {
    assert.equal(suggestedPlay("raspasy", ["pass", "pass"], "", "none"), "closed");
    assert.equal(suggestedPlay("misere", [], "kodex-3.4.4", "none"), "closed");
    assert.equal(suggestedPlay("misere", [], "", "open"), null);
  });
});

describe("the next dealer after a save", () => {
  it("is clockwise after the dealer by default, after a raspasy too", () => {
    assert.equal(nextDealer(["A", "B", "C"], "B", "raspasy"), "C");
    assert.equal(nextDealer(["A", "B", "C"], "B", "raspasy", "always_clockwise"), "C");
    assert.equal(nextDealer(["A", "B", "C", "D"], "D", "game", "always_clockwise"), "A");
  });

  it("is the same dealer after a raspasy where the convention repeats him", () => {
    assert.equal(REPEATS_ON_RASPASY, "dealer_repeats_on_raspasy");
    assert.equal(nextDealer(["A", "B", "C"], "B", "raspasy", REPEATS_ON_RASPASY), "B");
    assert.equal(nextDealer(["A", "B", "C", "D"], "D", "raspasy", REPEATS_ON_RASPASY), "D");
  });

  it("is clockwise after any other deal under that convention", () => {
    assert.equal(nextDealer(["A", "B", "C"], "B", "game", REPEATS_ON_RASPASY), "C");
    assert.equal(nextDealer(["A", "B", "C", "D"], "D", "misere", REPEATS_ON_RASPASY), "A");
    // no dealer recorded: the first seat, whatever the rotation
    assert.equal(nextDealer(["A", "B", "C"], "", "raspasy", REPEATS_ON_RASPASY), "A");
  });
});
