#!/usr/bin/env bash
# CI: issue 23's web budgets on the built site (call after `npm run build`): Lighthouse 13 mobile defaults
# (median of BUDGET_LH_RUNS runs) on home, a search URL, a job page and a company page, the first view's
# JavaScript and the card feed on the wire; exits 1 when a budget breaks. The server seeds BUDGET_JOBS jobs
# in-process on a fresh embedded PostgreSQL (2,000: seconds). Report: test-results/budgets.json.
set -euo pipefail
cd "$(dirname "$0")/.."
uptime || true
BUDGET_JOBS="${BUDGET_JOBS:-2000}" BUDGET_LH_RUNS="${BUDGET_LH_RUNS:-3}" npm run -s budgets -- --check
