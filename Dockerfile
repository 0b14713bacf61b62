# BangArena production image: one image for the web (daphne), worker and beat processes.
FROM python:3.13-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, so a code change does not reinstall them: the exact versions of the
# lock, every file checked against its hash, so two builds install the same thing.
COPY requirements/base.lock requirements/base.lock
RUN pip install --require-hashes -r requirements/base.lock

COPY . .
# The rules engine, a distribution of its own in engine/ (standard library only).
RUN pip install --no-deps ./engine

# Catalogues and static files are built into the image; whitenoise serves the compressed,
# hashed files (DEBUG=false selects its manifest storage). No database or secret is needed here.
RUN python manage.py compiletranslations \
    && DEBUG=false python manage.py collectstatic --noinput

RUN useradd --system --create-home --home-dir /home/bangarena bangarena
USER bangarena

EXPOSE 8000
CMD ["daphne", "--bind", "0.0.0.0", "--port", "8000", "--proxy-headers", "bangarena_site.asgi:application"]
