#!/usr/bin/env bash
# A throwaway PostgreSQL for the team-store tests: a fresh cluster (initdb) in a temporary folder, run by an
# unprivileged user, listening on 127.0.0.1 and a socket in that folder only, with TLS (its own CA) and passwords.
#
#   eval "$(scripts/test-postgres.sh start)"   # starts it; prints the AIEVAL_TEST_POSTGRES_* variables the tests read
#   scripts/test-postgres.sh stop              # stops it and removes the folder (AIEVAL_TEST_POSTGRES_DIR)
#
# Needs Debian's `postgresql` package (apt-get install postgresql); .ci/run installs it where it is missing.
set -euo pipefail

bindir() {
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -z "$found" ]]; then
    echo "test-postgres: no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql)" >&2
    exit 1
  fi
  echo "$found"
}

# The server refuses to run as root: as root, every server command runs as the `postgres` user.
as_owner() {
  if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  local bin dir port password
  bin="$(bindir)"
  dir="$(mktemp -d "${TMPDIR:-/tmp}/aieval-pg-XXXXXX")"
  chmod 755 "$dir"
  port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  password="$(node -e "console.log(require('crypto').randomBytes(18).toString('base64url'))")"
  printf '%s\n' "$password" >"$dir/password"
  # A CA of its own and a server certificate for 127.0.0.1 and localhost: the tests check sslmode=verify-full with it.
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=aieval test CA" \
    -keyout "$dir/ca.key" -out "$dir/ca.pem" >/dev/null 2>&1
  openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$dir/server.key" -out "$dir/server.csr" >/dev/null 2>&1
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$dir/san.ext"
  openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 2 \
    -extfile "$dir/san.ext" -out "$dir/server.pem" >/dev/null 2>&1
  chmod 600 "$dir/server.key" "$dir/ca.key" "$dir/password"
  if [[ "$(id -u)" == 0 ]]; then chown postgres "$dir" "$dir/server.key" "$dir/server.pem" "$dir/password"; fi
  as_owner "$bin/initdb" -D "$dir/data" -U aieval_admin --pwfile="$dir/password" \
    --auth-host=scram-sha-256 --auth-local=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
  }
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start -o \
    "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c ssl=on \
     -c ssl_cert_file=$dir/server.pem -c ssl_key_file=$dir/server.key -c max_connections=200 \
     -c fsync=off -c synchronous_commit=off" >/dev/null || {
    cat "$dir/server.log" >&2
    exit 1
  }
  PGPASSWORD="$password" "$bin/psql" -q -h 127.0.0.1 -p "$port" -U aieval_admin -d postgres \
    -c "CREATE DATABASE aieval_test" >/dev/null
  cat <<EOF
export AIEVAL_TEST_POSTGRES_DIR='$dir'
export AIEVAL_TEST_POSTGRES_URL='postgresql://aieval_admin@127.0.0.1:$port/aieval_test'
export AIEVAL_TEST_POSTGRES_PASSWORD='$password'
export AIEVAL_TEST_POSTGRES_CA='$dir/ca.pem'
EOF
}

stop() {
  local dir="${AIEVAL_TEST_POSTGRES_DIR:-}"
  [[ -n "$dir" && -d "$dir" ]] || return 0
  if [[ -f "$dir/data/postmaster.pid" ]]; then as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null || true; fi
  rm -rf "$dir"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
*)
  echo "usage: scripts/test-postgres.sh start|stop" >&2
  exit 2
  ;;
esac
