# shellcheck shell=bash
# Shared by bin/run and bin/test: find Python >= 3.12, keep .venv in step with pyproject.toml.
# Sourced, not run. Every step is safe to repeat.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

find_python() {
    # .python-version (3.13.0) lets pyenv's shims answer here; elsewhere any 3.12+ does.
    local candidate
    for candidate in python3.13 python3.12 python3 python; do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then
            echo "$candidate"
            return 0
        fi
    done
    echo "BangArena needs Python 3.12 or newer on PATH (python3.12, python3.13 or python3)." >&2
    return 1
}

ensure_venv() {
    # A venv whose interpreter no longer starts (moved or removed Python) is rebuilt.
    if [ -x "$PY" ] && "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then
        return 0
    fi
    local python
    python=$(find_python)
    say "Creating .venv with $("$python" --version)"
    rm -rf "$VENV"
    "$python" -m venv "$VENV"
}

install_project() {
    # $1: "" or "[test]". Installs the exact versions of requirements/base.lock or
    # requirements/test.lock, each file checked against its hash (README: updating them), and
    # the engine from engine/. A stamp per lock and engine pyproject content skips a repeat.
    local extras=$1 lock digest stamp
    lock="requirements/base.lock"
    if [ "$extras" = "[test]" ]; then
        lock="requirements/test.lock"
    fi
    digest=$("$PY" -c 'import hashlib, sys; print(hashlib.sha256(b"".join(open(f, "rb").read() for f in sys.argv[1:])).hexdigest()[:16])' "$lock" engine/pyproject.toml)
    stamp="$VENV/.installed${extras}-$digest"
    if [ -f "$stamp" ]; then
        return 0
    fi
    # One install at a time per venv: two pips in one venv break each other's files (CI's two
    # suites each start bin/run, which once failed with "Could not restore ...dist-info").
    # Whoever waited finds the other's stamp.
    local lock_fd
    exec {lock_fd}>"$VENV/.install.lock"
    flock "$lock_fd"
    if [ ! -f "$stamp" ]; then
        say "Installing BangArena${extras} into .venv from $lock"
        "$PY" -m pip install --quiet --disable-pip-version-check --upgrade pip
        "$PY" -m pip install --quiet --disable-pip-version-check --require-hashes -r "$lock"
        # The rules engine is its own distribution (engine/, no dependencies): installed
        # editable as a path dependency, outside the hashed lock, which cannot pin a folder.
        "$PY" -m pip install --quiet --disable-pip-version-check --no-deps -e ./engine
        touch "$stamp"
    fi
    exec {lock_fd}>&-
}

compile_translations() {
    say "Compiling translations"
    "$PY" manage.py compiletranslations
}
