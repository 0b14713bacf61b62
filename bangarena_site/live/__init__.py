"""Live plumbing: the per-user notification socket and the jobs that push to it."""
