"""The organiser's wizard: a new tournament at ``/t/new/`` with its convention, round
length, standings method and tie-break chain, or copied from an earlier one. It composes
the services of the apps below (tournaments, accounts, standings) in one transaction."""
