"""Letters to the players (issue 32): their table and seat when a round is seated, their
result and place when a round is published; README, *For players*."""
