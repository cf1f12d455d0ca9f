#!/usr/bin/env bash
# ONLY for machines that cannot reach a container registry (such as this project's build machines):
# makes a local stand-in for the official `postgres:16` image, so that compose.yaml can be tried with
# podman. It is Debian 12's PostgreSQL 15 (Debian 12 has no 16; Botica needs 15 or newer) behind a
# small entrypoint doing what compose.yaml asks of the official one: on an empty
# /var/lib/postgresql/data, initdb with POSTGRES_USER as the superuser, POSTGRES_PASSWORD (scram) and
# POSTGRES_DB; then PostgreSQL as `postgres`, listening on every address; `pg_isready` on PATH.
# Never push or ship it. Needs root, debootstrap and podman (see make-node-standin.sh for podman's
# settings on these machines).
#
#   tooling/containers/make-postgres-standin.sh        # tags docker.io/library/postgres:16
set -euo pipefail

TAG="${TAG:-docker.io/library/postgres:16}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"

work="$(mktemp -d /tmp/postgres-standin.XXXXXX)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

echo "stand-in: Debian 12 minbase with postgresql-15 into $rootfs"
debootstrap --variant=minbase --include=postgresql-15,postgresql-contrib bookworm "$rootfs" "$MIRROR" \
  >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; exit 1; }
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/lib/postgresql/15

cat >"$rootfs/usr/local/bin/docker-entrypoint.sh" <<'ENTRYPOINT'
#!/bin/bash
set -euo pipefail
export PGDATA="${PGDATA:-/var/lib/postgresql/data}"
bin=/usr/lib/postgresql/15/bin
mkdir -p "$PGDATA" /run/postgresql
chown postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  user="${POSTGRES_USER:-postgres}"
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  printf '%s' "$POSTGRES_PASSWORD" >/tmp/pwfile
  chown postgres /tmp/pwfile
  runuser -u postgres -- "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile=/tmp/pwfile \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    runuser -u postgres -- "$bin/postgres" --single -D "$PGDATA" -j postgres <<<"CREATE DATABASE \"$db\" OWNER \"$user\";" >/dev/null
  fi
fi
exec runuser -u postgres -- "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
ENTRYPOINT
chmod 755 "$rootfs/usr/local/bin/docker-entrypoint.sh"

tar -C "$rootfs" -c . | podman import \
  --change 'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV PGDATA=/var/lib/postgresql/data' \
  --change 'VOLUME /var/lib/postgresql/data' \
  --change 'STOPSIGNAL SIGINT' \
  --change 'EXPOSE 5432' \
  --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' \
  - "$TAG"
echo "stand-in: $TAG"
