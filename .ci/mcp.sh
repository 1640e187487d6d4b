#!/usr/bin/env bash
# MCP checks against the running board (issue 25), after `npm run build`: the official conformance suite
# (@modelcontextprotocol/conformance 0.1.x) and a smoke test with the Inspector CLI, both needing Node ≥ 22.
# Node 24 comes from the npm registry (.ci/install-node.sh); the two tools from .ci/mcp-tools' lockfile, installed
# with npm ci into a temporary folder, never the repository's node_modules. The board runs as in production on a
# free port with its own embedded PostgreSQL and a few demo jobs. Everything started here is stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
NODE24="$(bash .ci/install-node.sh 24)"
WORK="$(mktemp -d)"
chmod 755 "$WORK" # embedded PostgreSQL runs as another user when we are root
SERVER_PID=""

stop() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 60); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.5; done
    # Still there: the whole process group it leads (its PostgreSQL included).
    kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap stop EXIT

echo "MCP tools: npm ci from .ci/mcp-tools (Node $("$NODE24/node" --version))"
cp .ci/mcp-tools/package.json .ci/mcp-tools/package-lock.json "$WORK/"
(cd "$WORK" && PATH="$NODE24:$PATH" npm ci --no-audit --no-fund --loglevel=error >/dev/null)
CONFORMANCE="$WORK/node_modules/.bin/conformance"
INSPECTOR_DIR="$WORK/node_modules/@modelcontextprotocol/inspector-cli"
# inspector-cli 1.0.x finds its own package.json by a path relative to the working directory ("../package.json"):
# it is run from its build folder.
inspector() { (cd "$INSPECTOR_DIR/build" && PATH="$NODE24:$PATH" node cli.js "$@"); }

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
PORT="$(free_port)"
BASE="http://127.0.0.1:$PORT"
SEED=120
mkdir -p "$WORK/data" && chmod 755 "$WORK/data"
echo "Board: $BASE (embedded PostgreSQL, $SEED demo jobs)"
env -u DATABASE_URL NODE_ENV=production PORT="$PORT" HOST=127.0.0.1 PUBLIC_URL="$BASE" DATA_DIR="$WORK/data" \
  EMBEDDED_PG_PORT="$(free_port)" SEED_JOBS="$SEED" LOG_LEVEL=warn \
  SESSION_SECRET="$(node -e 'console.log(require("crypto").randomBytes(24).toString("hex"))')" \
  setsid node --import tsx "$ROOT/backend/src/main.ts" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

ready=""
for _ in $(seq 1 300); do
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
  count="$(node -e 'fetch(process.argv[1]).then((r)=>r.json()).then((b)=>console.log(b.total ?? 0),()=>console.log(0))' "$BASE/api/jobs/count")"
  if [ "${count:-0}" -ge "$SEED" ]; then ready=1; break; fi
  sleep 1
done
if [ -z "$ready" ]; then
  echo "The board did not start with $SEED jobs; its log:" >&2
  tail -50 "$WORK/server.log" >&2
  exit 1
fi

echo
echo "Conformance suite (server scenarios; expected failures: .ci/mcp-expected-failures.yml)"
PATH="$NODE24:$PATH" "$CONFORMANCE" server --url "$BASE/mcp" --expected-failures "$ROOT/.ci/mcp-expected-failures.yml" \
  >"$WORK/conformance.log" 2>&1 || {
  cat "$WORK/conformance.log"
  echo "MCP conformance: unexpected failures (or stale expected-failure entries) above" >&2
  exit 1
}
grep -E '^(✓|✗) |^Total' "$WORK/conformance.log" || true
for must in server-initialize ping tools-list resources-list dns-rebinding-protection; do
  if grep -qE "^\s*-\s*$must\b" "$ROOT/.ci/mcp-expected-failures.yml"; then
    echo "$must must pass: it may not be listed as an expected failure" >&2
    exit 1
  fi
done

echo
echo "Inspector CLI: tools/list, then tools/call search_jobs"
inspector --cli "$BASE/mcp" --transport http --method tools/list >"$WORK/tools.json" 2>"$WORK/inspector.err" || {
  cat "$WORK/inspector.err" >&2
  exit 1
}
node -e '
const raw = require("fs").readFileSync(process.argv[1], "utf8");
const out = JSON.parse(raw.slice(raw.indexOf("{")));
const names = out.tools.map((t) => t.name);
for (const want of ["search_jobs", "get_job", "get_salary_data", "create_job_alert"])
  if (!names.includes(want)) { console.error(`tools/list lacks ${want}: ${names}`); process.exit(1); }
console.log(`tools/list: ${names.join(", ")}`);
' "$WORK/tools.json"
inspector --cli "$BASE/mcp" --transport http --method tools/call --tool-name search_jobs \
  --tool-arg limit=3 >"$WORK/call.json" 2>"$WORK/inspector.err" || {
  cat "$WORK/inspector.err" >&2
  exit 1
}
node -e '
const raw = require("fs").readFileSync(process.argv[1], "utf8");
const out = JSON.parse(raw.slice(raw.indexOf("{")));
const s = out.structuredContent;
if (out.isError || !s || s.jobs.length !== 3 || !(s.totalJobs >= 3) || !/^http:\/\/127\.0\.0\.1:\d+\/jobs\//.test(s.jobs[0].url)) {
  console.error("tools/call search_jobs answered:", JSON.stringify(out).slice(0, 2000)); process.exit(1);
}
console.log(`tools/call search_jobs: ${s.jobs.length} of ${s.totalJobs} jobs, first ${s.jobs[0].url}`);
' "$WORK/call.json"
echo "MCP checks passed"
