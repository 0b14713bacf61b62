"""Player accounts: sign-up, log-in with throttling, profiles, and admin moderation (bans)."""
