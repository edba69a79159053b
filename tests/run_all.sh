#!/usr/bin/env bash
# The project's full test run: installs what is missing (Debian packages), builds the host
# engine and runs every test suite CI runs. This is the README's test command; .ci/run calls it.
#
#   bash tests/run_all.sh            everything CI runs
#   FLASHMATE_JOBS=4 bash tests/run_all.sh
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${FLASHMATE_JOBS:-$(nproc 2>/dev/null || echo 2)}

# ---- Packages ----------------------------------------------------------------------------------
packages=(cmake make gcc libc6-dev libcmocka-dev python3 binutils
          xboard polyglot xvfb xauth fairymax fairy-stockfish)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ---- Host build and tests ----------------------------------------------------------------------
echo "== host build (fancy layout)"
cmake -S . -B build/host -DCMAKE_BUILD_TYPE=Release
cmake --build build/host -j "$jobs"
echo "== host tests (all labels)"
ctest --test-dir build/host --output-on-failure -j "$jobs" -LE match
echo "== match: a short refereed match against fairymax"
ctest --test-dir build/host --output-on-failure -L match
echo "== all tests passed"
