"""The BangArena user: Django's user plus a public name, a language and a ban record."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

from .names import NAME_MAX_LENGTH, name_key, validate_single_script
from .validators import validate_no_control_characters

DISPLAY_NAME_MAX_LENGTH = NAME_MAX_LENGTH


if TYPE_CHECKING:
    # The stubs' manager is generic in its user model; Django's class is not subscriptable.
    _UserManager = UserManager["User"]
else:
    _UserManager = UserManager


class CaseInsensitiveUserManager(_UserManager):
    """Usernames are unique regardless of case, so logging in ignores case too."""

    def get_by_natural_key(self, username: str | None) -> User:
        return self.get(**{f"{self.model.USERNAME_FIELD}__iexact": username})


class User(AbstractUser):
    # 20 characters, as display and seat names: a 150-character name pushed pages to 2,000 px.
    # The database column keeps Django's 150 (migration 0002), so accounts made before keep
    # their longer names; every form refuses a new one.
    username = models.CharField(
        _("username"),
        max_length=NAME_MAX_LENGTH,
        unique=True,
        help_text=_("Required. Up to 20 letters, digits and @/./+/-/_ only."),
        validators=[UnicodeUsernameValidator(), validate_single_script],
        error_messages={"unique": _("A user with that username already exists.")},
    )
    display_name = models.CharField(
        _("display name"),
        max_length=DISPLAY_NAME_MAX_LENGTH,
        blank=True,
        validators=[validate_no_control_characters, validate_single_script],
        help_text=_("Shown to other players instead of your username. Up to 20 characters."),
    )
    # UTS #39 skeletons of the two names (accounts.names): look-alike names are refused with
    # one indexed lookup. Kept in step by save().
    username_key = models.CharField(max_length=150, blank=True, db_index=True, editable=False)
    display_name_key = models.CharField(max_length=150, blank=True, db_index=True, editable=False)
    preferred_language = models.CharField(
        _("preferred language"),
        max_length=8,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=_("Leave empty to follow your browser's language."),
    )
    # Issue 18: a player may keep their name out of other people's replays and exports of
    # their matches; there they are "Player N" (their own replays still show their name).
    hide_in_replays = models.BooleanField(
        _("hide my name in replays"),
        default=False,
        help_text=_(
            "Others who watch your finished matches again, or download them, see you as “Player N”."
        ),
    )
    banned_at = models.DateTimeField(_("banned at"), null=True, blank=True)
    ban_reason = models.TextField(_("ban reason"), blank=True)
    # Part of the session hash: bumping it ends every session of this user at its next
    # request. It only ever grows, so lifting a ban never brings an old session back.
    session_generation = models.PositiveIntegerField(default=0, editable=False)

    objects: ClassVar[CaseInsensitiveUserManager] = CaseInsensitiveUserManager()

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]

    def clean(self) -> None:
        super().clean()
        self.display_name = self.display_name.strip()

    def save(self, *args, **kwargs) -> None:
        self.username_key = name_key(self.username)
        self.display_name_key = name_key(self.display_name)
        fields = kwargs.get("update_fields")
        if fields is not None and {"username", "display_name"} & set(fields):
            kwargs["update_fields"] = {*fields, "username_key", "display_name_key"}
        super().save(*args, **kwargs)

    @property
    def public_name(self) -> str:
        """The name other players see: the display name, or the username without one."""
        return self.display_name or self.username

    @property
    def is_banned(self) -> bool:
        return self.banned_at is not None

    def _get_session_auth_hash(self, secret: str | None = None) -> str:
        """Tie sessions to the password (as Django does) and to the session generation."""
        key_salt = "bangarena_site.accounts.User.get_session_auth_hash"
        return salted_hmac(
            key_salt,
            f"{self.password}|{self.session_generation}",
            secret=secret,
            algorithm="sha256",
        ).hexdigest()
