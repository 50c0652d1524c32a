#!/bin/sh
# The container's start (Dockerfile CMD, docker-compose, Render): migrations, then the API and the web app
# on one port, $PORT (Render sets it; 8000 otherwise).
#
# On Render the database is a private service, which cannot hand out a connection string: its address
# arrives as DATABASE_HOSTPORT (fromService) and the credentials as POSTGRES_USER/POSTGRES_PASSWORD/POSTGRES_DB
# (the environment group it shares with the database); they are assembled here, percent-encoded, into
# DATABASE_URL. An explicit DATABASE_URL (docker-compose) wins.
set -eu

if [ -z "${DATABASE_URL:-}" ] && [ -n "${DATABASE_HOSTPORT:-}" ]; then
  DATABASE_URL="$(python3 -c '
import os
from urllib.parse import quote

env = os.environ
user, password, name = (quote(env[key], safe="") for key in ("POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB"))
hostport = env["DATABASE_HOSTPORT"]
print(f"postgresql://{user}:{password}@{hostport}/{name}")
')"
  export DATABASE_URL
fi

filingproof db upgrade
exec filingproof serve --host 0.0.0.0 --port "${PORT:-8000}"
