#!/usr/bin/env bash
# Schemathesis against /api/schema/ of a freshly loaded demo, bounded in examples and time:
# no server error, every answer as the schema says. Serves the site on 127.0.0.1 only.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.venv/bin}
PORT=${FUZZ_PORT:-8766}
EXAMPLES=${FUZZ_EXAMPLES:-8}
SECONDS_MAX=${FUZZ_SECONDS:-300}
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export DATABASE_URL="sqlite:///$work/fuzz.sqlite3" DEBUG=0 ALLOWED_HOSTS=127.0.0.1,localhost
"$BIN/python" manage.py migrate --noinput -v 0
"$BIN/python" manage.py load_demo >/dev/null
token=$("$BIN/python" manage.py shell -c "
from django.contrib.auth import get_user_model
from referee.api.models import DeviceToken
print(DeviceToken.issue(get_user_model().objects.get(username='chief'), 'fuzz')[1])" | tail -n 1 | tr -d '[:space:]')
"$BIN/python" manage.py runserver --noreload --nothreading "127.0.0.1:$PORT" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 50); do
    curl -fs "http://127.0.0.1:$PORT/api/schema/" -o /dev/null && break
    sleep 0.2
done
status=0
"$BIN/schemathesis" run "http://127.0.0.1:$PORT/api/schema/" \
    --header "Authorization: Token $token" \
    --checks not_a_server_error,response_schema_conformance,content_type_conformance \
    --max-examples "$EXAMPLES" --max-time "$SECONDS_MAX" --request-timeout 20 \
    --seed "${FUZZ_SEED:-2026}" --no-color --warnings off || status=$?
if grep -q "Traceback" "$work/server.log"; then
    echo "server errors:"; grep -B2 -A25 "Traceback" "$work/server.log" | head -120
    status=1
fi
exit "$status"
