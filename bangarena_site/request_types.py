"""What a view may rely on in its request, said to the type checker.

Django types ``request.user`` as a user or an anonymous visitor and knows nothing of the
attributes middleware adds. These classes are annotations only (no request is ever one of
them at run time): ``SignedInRequest`` for views behind ``login_required`` or the admin's
staff check, ``HtmxRequest`` for views that read django-htmx's ``request.htmx``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

if TYPE_CHECKING:  # an annotation only: the accounts app's own views import this module
    from bangarena_site.accounts.models import User


class HtmxRequest(HttpRequest):
    htmx: HtmxDetails


class SignedInRequest(HttpRequest):
    user: User
