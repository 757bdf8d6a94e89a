#!/usr/bin/env bash
# Starts a throwaway S3-compatible server for tests: Debian's Ceph radosgw on a
# one-node cluster (1 mon, 1 memstore OSD, no mgr), everything on 127.0.0.1.
# Idempotent: if something already answers HTTP on the port it only prints the env.
# Usage: scripts/s3-test-server.sh   (as root; env S3_TEST_PORT, S3_TEST_DIR, S3_TEST_TIMEOUT)
# Stdout is exactly the S3_TEST_* lines below; progress and errors go to stderr.
# Stop it with: kill $(cat "$S3_TEST_DIR"/run/*.pid)
set -euo pipefail

PORT=${S3_TEST_PORT:-7480}
DIR=${S3_TEST_DIR:-/tmp/vp-ceph}
TIMEOUT=${S3_TEST_TIMEOUT:-120}
ACCESS_KEY=VPTESTACCESSKEY
SECRET_KEY=VPTESTSECRETKEY0123456789
ENDPOINT="http://127.0.0.1:$PORT"

log() { echo "s3-test-server: $*" >&2; }
print_env() {
  printf 'S3_TEST_ENDPOINT=%s\nS3_TEST_ACCESS_KEY_ID=%s\nS3_TEST_SECRET_ACCESS_KEY=%s\n' \
    "$ENDPOINT" "$ACCESS_KEY" "$SECRET_KEY"
}
s3_answers() { curl -s -o /dev/null -m 2 "$ENDPOINT/"; }

# 1. Install what is missing (radosgw pulls in ceph-common: ceph, radosgw-admin, ...).
missing=()
for pkg in ceph-mon ceph-osd radosgw curl; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || missing+=("$pkg")
done
if ((${#missing[@]})); then
  log "installing ${missing[*]}"
  apt_log=$(mktemp)
  apt_install() {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
      "${missing[@]}" >>"$apt_log" 2>&1
  }
  apt_install || { apt-get update -q >>"$apt_log" 2>&1 && apt_install; } ||
    { tail -n 30 "$apt_log" >&2; log "ERROR: apt-get install failed"; exit 1; }
  rm -f "$apt_log"
fi

# 2. Already running? Then there is nothing to do.
if s3_answers; then
  log "an HTTP server already answers on $ENDPOINT"
  print_env
  exit 0
fi

# 3. A fresh cluster. Stop daemons left over from an earlier run, then wipe the
# directory (only if it looks like ours): the cluster and its objects are disposable.
if [[ -e $DIR ]]; then
  [[ -f $DIR/ceph.conf || -z $(ls -A "$DIR") ]] || { log "$DIR exists and is not ours"; exit 1; }
  for pidfile in "$DIR"/run/*.pid; do # SIGKILL: the data is thrown away anyway
    pid=$(cat "$pidfile" 2>/dev/null) || continue
    ps -o args= -p "$pid" | grep -qE '^(ceph-mon|ceph-osd|radosgw) ' && kill -9 "$pid" || true
  done
  rm -rf "$DIR"
fi
mkdir -p "$DIR"/{mon,osd,run,log}
cd "$DIR"

cat >ceph.conf <<EOF
[global]
fsid = $(uuidgen)
# One monitor on loopback, msgr2 (3300) and legacy v1 (6789).
mon host = [v2:127.0.0.1:3300,v1:127.0.0.1:6789]
public network = 127.0.0.0/8
# cephx everywhere; one keyring holds every key of this throwaway cluster.
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
keyring = $DIR/keyring
# Offer crc (integrity only) before secure (encrypted) on every msgr2 link (the
# mon links default to "secure crc"); a field note reports auth hangs without it.
ms cluster mode = crc secure
ms service mode = crc secure
ms client mode = crc secure
ms mon cluster mode = crc secure
ms mon service mode = crc secure
ms mon client mode = crc secure
# Everything lives in the directory: data, sockets, pid files, logs.
mon data = $DIR/mon
osd data = $DIR/osd
run dir = $DIR/run
admin socket = $DIR/run/\$name.asok
pid file = $DIR/run/\$name.pid
log file = $DIR/log/\$name.log
# A single OSD: pools keep 1 replica and still accept writes with 1 replica
# (size=1 must be explicitly allowed), and CRUSH places replicas across OSDs
# (type 0) rather than hosts (type 1, which would need several hosts); no
# health warning about the missing redundancy.
osd pool default size = 1
osd pool default min size = 1
mon allow pool size one = true
mon warn on pool no redundancy = false
osd crush chooseleaf type = 0
# Few PGs per pool: radosgw creates ~7 pools and without a mgr nothing
# autoscales, so the default 32 each would exceed mon_max_pg_per_osd (250).
osd pool default pg num = 8
osd pool default pgp num = 8
# Commit cluster-map changes every 0.1 s instead of every 1 s: radosgw's first
# start makes ~10 of them one after another (OSD boot, one per pool it creates).
paxos propose interval = 0.1
# The OSD keeps objects in RAM (lost when it stops); 1 GiB of capacity.
osd objectstore = memstore
memstore device bytes = 1073741824

[client.rgw.vp]
# S3 on loopback; a small thread pool is plenty for tests.
rgw frontends = beast endpoint=127.0.0.1:$PORT
rgw thread pool size = 32
EOF
export CEPH_CONF=$DIR/ceph.conf

# Keys for every daemon and client, with their capabilities; ceph-mon --mkfs
# imports them all into the monitor's auth database.
key() { ceph-authtool keyring --gen-key -n "$@" >/dev/null; }
ceph-authtool keyring --create-keyring >/dev/null
key mon. --cap mon 'allow *'
key client.admin --cap mon 'allow *' --cap osd 'allow *' --cap mgr 'allow *'
key osd.0 --cap mon 'allow profile osd' --cap osd 'allow *' --cap mgr 'allow profile osd'
key client.rgw.vp --cap mon 'allow rw' --cap osd 'allow rwx'

start() { # name, command...: runs a daemon in the foreground of its own session
  local name=$1; shift
  setsid "$@" -f </dev/null >>"log/$name.out" 2>&1 &
  echo $! >"run/$name.pid"
}
fail() { # show the end of every non-empty log, stop what we started, exit 1
  log "ERROR: $*"
  for f in log/*; do
    [[ -s $f ]] && { echo "----- tail $DIR/$f" >&2; tail -n 12 "$f" >&2; }
  done
  kill -9 $(cat run/*.pid 2>/dev/null) 2>/dev/null || true
  exit 1
}
deadline=$((SECONDS + TIMEOUT))
left() { echo $((deadline > SECONDS ? deadline - SECONDS : 1)); }

log "creating the monitor"
monmaptool --create --fsid "$(sed -n 's/^fsid = //p' ceph.conf)" \
  --addv a '[v2:127.0.0.1:3300,v1:127.0.0.1:6789]' monmap >/dev/null
ceph-mon --mkfs -i a --monmap monmap --keyring keyring
start mon.a ceph-mon -i a
timeout "$(left)" ceph --connect-timeout "$(left)" status >/dev/null 2>&1 ||
  fail "the monitor did not come up (is port 3300 or 6789 already in use?)"

log "creating the OSD"
osd_uuid=$(uuidgen)
ceph osd new "$osd_uuid" >/dev/null
ceph-osd -i 0 --mkfs --osd-uuid "$osd_uuid" >>log/osd.0.out 2>&1 || fail "ceph-osd --mkfs failed"
start osd.0 ceph-osd -i 0

log "starting radosgw on $ENDPOINT"
start client.rgw.vp radosgw -n client.rgw.vp
until s3_answers; do
  ((SECONDS < deadline)) || fail "radosgw did not answer on $ENDPOINT within ${TIMEOUT}s"
  for pidfile in run/*.pid; do
    kill -0 "$(cat "$pidfile")" 2>/dev/null || fail "$(basename "$pidfile" .pid) exited"
  done
  sleep 1
done

# 4. The test user, with fixed keys.
radosgw-admin user info --uid=vp-test >/dev/null 2>&1 ||
  radosgw-admin user create --uid=vp-test --display-name=vp-test \
    --access-key="$ACCESS_KEY" --secret="$SECRET_KEY" >/dev/null ||
  fail "could not create the S3 user"
log "ready after ${SECONDS}s"
print_env
