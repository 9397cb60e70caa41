"""The lowest layer of the site: errors, refusal texts and helpers every app may use.

It imports no app of the site (see the README's Architecture section)."""
