# syntax=docker/dockerfile:1
# The API and the web app in one image, on one port. Build: `docker build -t filingproof .`
# (docker-compose.yml and render.yaml build it too). The database is outside: set DATABASE_URL.

# Stage 1: the web app (frontend/dist). Node 20.19+ is what its package.json asks for.
FROM node:20-bookworm-slim AS web
WORKDIR /web
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

# Stage 2: the API. Debian's Chromium renders filing pages (no browser download); torch is the CPU-only build
# (PyPI's default Linux wheel pulls several GB of CUDA libraries this service never uses). torch goes in before
# the backend so that the backend's `torch==2.13.0` finds it installed.
FROM python:3.11-slim-bookworm AS api
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
RUN pip install --no-cache-dir torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
WORKDIR /app
COPY backend/ backend/
RUN pip install --no-cache-dir ./backend
COPY --from=web /web/dist /app/web
COPY deploy/start.sh /app/deploy/start.sh
# Page images (and the EDGAR cache) live under FILINGPROOF_HOME: mount a volume or disk there.
ENV FILINGPROOF_HOME=/data \
    CHROMIUM_PATH=/usr/bin/chromium \
    WEB_DIST=/app/web \
    PYTHONUNBUFFERED=1
VOLUME /data
EXPOSE 8000
# Migrations (`filingproof db upgrade`), then `filingproof serve --host 0.0.0.0 --port ${PORT:-8000}`.
CMD ["/app/deploy/start.sh"]
