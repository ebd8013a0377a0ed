#!/usr/bin/env bash
# npm run train [-- --smoke]: installs what training needs, then runs the whole pipeline with
# Debian's python3 (the one that has torch), whatever python3 comes first on PATH.
set -euo pipefail
cd "$(dirname "$0")"
bash ./setup.sh
if [ "${1:-}" = "--smoke" ]; then exec /usr/bin/python3 pipeline.py "$@"; fi
exec nice -n 10 /usr/bin/python3 pipeline.py "$@"
