#!/usr/bin/env bash
# Node 24 (the current LTS), beside the machine's Node: a clean `npm ci` of this tree in a temporary copy
# (no EBADENGINE warning allowed), a start-and-smoke run of `npm start` on the embedded PostgreSQL (demo seed
# visible through the API and the site, then a Ctrl-C to the process group: "stopped cleanly", nothing left
# running), then the backend suites (contracts, backend, projections, search). NODE24_SUITES=0 skips those.
# Usage: bash .ci/node24.sh [major]   (default 24; 22 works too)
set -euo pipefail
cd "$(dirname "$0")/.."
major="${1:-24}"
NODE_BIN="$(bash .ci/install-node.sh "$major")"
export PATH="$NODE_BIN:$PATH"
echo "node $(node --version), npm $(npm --version)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/board-node$major-XXXXXX")"
chmod 755 "$WORK" # the embedded PostgreSQL's cluster stays inside it when this runs as root
BOARD_PGID=""
cleanup() {
  if [ -n "$BOARD_PGID" ] && kill -0 -- "-$BOARD_PGID" 2>/dev/null; then kill -KILL -- "-$BOARD_PGID" || true; fi
  local pm
  pm="$(head -1 "$WORK/.data/postgres/postmaster.pid" 2>/dev/null || true)"
  if [ -n "$pm" ]; then kill -INT "$pm" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# The tree as it is (tracked files, working copy), without node_modules, builds or data.
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$WORK" 2>/dev/null || true
cd "$WORK"

npm ci --no-audit --no-fund >npm-ci.log 2>&1 || { tail -30 npm-ci.log; exit 1; }
if grep -n EBADENGINE npm-ci.log; then
  echo "npm ci on Node $major warned EBADENGINE (above): a dependency does not support this Node" >&2
  exit 1
fi

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
PORT="$(free_port)"
PG_PORT="$(free_port)"
set -m # the board in a process group of its own, as a terminal runs it
DATA_DIR="$WORK/.data" PORT="$PORT" HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$PORT" \
  EMBEDDED_PG_PORT="$PG_PORT" SEED_JOBS=200 NODE_ENV=production LOG_LEVEL=warn RUN_BOT=false \
  SESSION_SECRET="node$major-smoke-secret-node$major-smoke-secret" npm start >start.log 2>&1 &
BOARD_PGID=$!
set +m
for _ in $(seq 1 300); do
  grep -q 'Remote jobs board is running at' start.log && break
  kill -0 "$BOARD_PGID" 2>/dev/null || break
  sleep 1
done
grep -q 'Remote jobs board is running at' start.log || { tail -40 start.log; echo "npm start did not come up on Node $major" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null
total="$(curl -fsS "http://127.0.0.1:$PORT/api/jobs" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).totalJobs))')"
[ "$total" = 200 ] || { echo "expected the 200 demo jobs, /api/jobs says $total" >&2; exit 1; }
# To a file first: `grep -q` stops reading at its match, and with pipefail curl's failed write (the server-rendered
# home page is larger than a pipe's buffer) would fail the step.
curl -fsS -o home.html "http://127.0.0.1:$PORT/"
grep -qi '<html' home.html || { echo "the home page is not HTML" >&2; exit 1; }
kill -INT -- "-$BOARD_PGID"
for _ in $(seq 1 150); do kill -0 -- "-$BOARD_PGID" 2>/dev/null || break; sleep 0.1; done
if kill -0 -- "-$BOARD_PGID" 2>/dev/null; then tail -20 start.log; echo "still running 15 s after Ctrl-C" >&2; exit 1; fi
BOARD_PGID=""
grep -E '^stopped cleanly in [0-9.]+ s$' start.log || { tail -20 start.log; echo "no 'stopped cleanly' line" >&2; exit 1; }
[ ! -e .data/postgres/postmaster.pid ] || { echo "PostgreSQL left running" >&2; exit 1; }
echo "Node $major: npm ci, start, 200 demo jobs, Ctrl-C: all fine"

if [ "${NODE24_SUITES:-1}" != 0 ]; then
  npx vitest run contracts backend projections search
fi
