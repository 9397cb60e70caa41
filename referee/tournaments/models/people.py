"""Players, teams, and a player's registration in a tournament."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from referee.tournaments.fields import tournament_link

from ..names import folded


class PlayerQuerySet(models.QuerySet["Player"]):
    def bulk_create(self, objs, *args, **kwargs):  # type: ignore[no-untyped-def]
        """Every way of making players keeps the folded name (``save`` and this)."""
        objs = list(objs)
        for player in objs:
            player.folded_name = folded(player.name)
        return super().bulk_create(objs, *args, **kwargs)

    def named(self, query: str) -> PlayerQuerySet:
        """Players whose name holds every word of ``query``, in any case and order, ё = е."""
        found = self
        for word in folded(query).split():
            found = found.filter(folded_name__contains=word)
        return found


class Player(models.Model):
    name = models.CharField(_("name"), max_length=200)
    # the name as the registry searches and sorts it (names.folded), kept on every save
    folded_name = models.CharField(max_length=200, default="", editable=False)
    city = models.CharField(_("city"), max_length=100, blank=True)
    club = models.CharField(_("club"), max_length=100, blank=True)
    rating = models.DecimalField(_("rating"), max_digits=8, decimal_places=2, null=True, blank=True)
    federation_id = models.CharField(_("federation id"), max_length=40, blank=True)

    class Meta:
        ordering = ["name"]
        # the registry's page in its order without a sort of the registry (ratings.listing);
        # on PostgreSQL a trigram index finds a part of a name too (migration 0024)
        indexes = [models.Index(fields=["folded_name", "id"], name="player_registry_order")]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    objects = PlayerQuerySet.as_manager()

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.folded_name = folded(self.name)
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields:
            kwargs["update_fields"] = {*fields, "folded_name"}
        super().save(*args, **kwargs)


class Team(models.Model):
    """A team of players registered with the tournament (TOURNAMENTS §2.5)."""

    tournament = tournament_link("teams")
    name = models.CharField(_("name"), max_length=200)

    class Meta:
        unique_together = [("tournament", "name")]
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("playing")
        WITHDRAWN = "withdrawn", _("withdrawn")
        ELIMINATED = "eliminated", _("eliminated")
        DISQUALIFIED = "disqualified", _("disqualified")

    tournament = tournament_link("entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    # the last round played before leaving: withdrawn, eliminated or disqualified
    withdrawn_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="members"
    )
    substitute_for = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="substitutes"
    )
    # the player's private link is keyed with it: the organiser revokes a link by raising it
    link_version = models.PositiveIntegerField(default=1, editable=False)
    # the player's address for this tournament's letters (referee.notices), never shown to
    # other players; letters go only while ``notify`` (his opt-in; unsubscribing clears it)
    email = models.EmailField(_("e-mail"), blank=True)
    notify = models.BooleanField(_("send me my table and my results by e-mail"), default=False)
    # a guest fills a seat and his table is scored as usual, but he takes no place, no rating
    # change, no qualification or cup points (TOURNAMENTS §6.4; ``players.mark_guest``)
    guest = models.BooleanField(_("guest (does not count)"), default=False)

    class Meta:
        unique_together = [("tournament", "player")]
        ordering = ["player__name"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"
