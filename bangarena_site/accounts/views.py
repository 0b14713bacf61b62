"""Account pages: small views over Django's auth, plus the language switch."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from bangarena_site.live.notifications import greeted_already
from bangarena_site.request_types import SignedInRequest
from stats.claims import claim_guest_results
from stats.queries import own_rating

from .forget import delete_account
from .forms import DeleteAccountForm, LoginForm, ProfileForm, SignUpForm, client_address
from .language import cookie_language, forget_language, is_supported, remember_language
from .models import User


def _safe_next(request: HttpRequest) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None, address=client_address(request))
    if request.method == "POST" and form.is_valid():
        # A guest who already picked a language keeps it on the new account.
        form.instance.preferred_language = cookie_language(request)
        user = form.save()
        # The guest's session key names their recorded matches; login() rotates it.
        guest_key = request.session.session_key or ""
        greeted_already(request)  # the message below is the one welcome
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        claim_guest_results(user, guest_key)
        messages.success(request, _("Welcome to BangArena, %(name)s!") % {"name": user.username})
        return redirect(_safe_next(request) or settings.LOGIN_REDIRECT_URL)
    return render(request, "accounts/signup.html", {"form": form, "next": _safe_next(request)})


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    # form_class is LoginForm: Django hands this view no other form.
    def form_valid(self, form: LoginForm) -> HttpResponse:  # type: ignore[override]
        response = super().form_valid(form)
        user = form.get_user()
        if is_supported(user.preferred_language):
            remember_language(response, user.preferred_language)
        messages.success(self.request, _("Welcome back, %(name)s!") % {"name": user.public_name})
        return response


class LogoutView(auth_views.LogoutView):
    """POST only (Django's default): a link or an image tag must not log anyone out."""

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        messages.info(request, _("You have logged out. See you at the table!"))
        return response


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("profile")

    def form_valid(self, form) -> HttpResponse:
        response = super().form_valid(form)
        messages.success(self.request, _("Your password has been changed."))
        return response


@login_required
def profile(request: SignedInRequest) -> HttpResponse:
    # A copy: an invalid POST must not leak its rejected name into the header of the re-shown
    # page, which renders request.user.
    form = ProfileForm(request.POST or None, instance=User.objects.get(pk=request.user.pk))
    if request.method == "POST" and form.is_valid():
        user = form.save()
        response = redirect("profile")
        if user.preferred_language:
            remember_language(response, user.preferred_language)
        else:
            forget_language(response)
        messages.success(request, _("Your profile has been saved."))
        return response
    context = {"form": form, "own_rating": own_rating(request.user.pk)}
    return render(request, "accounts/profile.html", context)


@login_required
def delete_account_view(request: SignedInRequest) -> HttpResponse:
    """Leaving BangArena: the player confirms with his password; his matches stay for the
    others under "Deleted player" (accounts.forget)."""
    user = User.objects.get(pk=request.user.pk)
    form = DeleteAccountForm(request.POST or None, user=user, address=client_address(request))
    if request.method == "POST" and form.is_valid():
        delete_account(user)
        logout(request)
        messages.info(request, _("Your account has been deleted. Farewell, stranger."))
        return redirect("home")
    return render(request, "accounts/delete.html", {"form": form})


@require_POST
def switch_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language (cookie + redirect back), and for players also their profile."""
    response = set_language(request)
    code = request.POST.get("language", "")
    if request.user.is_authenticated and is_supported(code):
        request.user.preferred_language = code
        request.user.save(update_fields=["preferred_language"])
    return response
