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
          xboard polyglot xvfb xauth fairymax
          clang libclang-rt-14-dev cppcheck)
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

# Each "== phase" line also ends the previous phase's clock; the times are listed at the end.
timings=()
phase() {
  if [ -n "${phase_name:-}" ]; then timings+=("$(printf '%5d s  %s' $((SECONDS - phase_start)) "$phase_name")"); fi
  phase_name=$1
  phase_start=$SECONDS
  [ -z "$1" ] || echo "== $1"
}

# ---- Host build and tests ----------------------------------------------------------------------
phase "host build (fancy layout, gcc, warnings are errors)"
cmake -S . -B build/host -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-Werror
cmake --build build/host -j "$jobs"
phase "host tests (all labels)"
ctest --test-dir build/host --output-on-failure -j "$jobs" -LE match
phase "match: a short refereed match against fairymax"
ctest --test-dir build/host --output-on-failure -L match

# ---- Hardening: sanitizers, strict warnings, fuzzing, static analysis ---------------------------
# (a) Every test but the slow, match and emulator ones, under AddressSanitizer and UBSan with
#     assertions on (Debug), built by gcc with warnings as errors.
phase "sanitizer build (gcc, Debug, ASan + UBSan)"
cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=Debug -DFLASHMATE_SANITIZE=ON \
      -DCMAKE_C_COMPILER=gcc -DCMAKE_C_FLAGS=-Werror
cmake --build build/sanitize -j "$jobs"
phase "sanitizer tests"
ctest --test-dir build/sanitize --output-on-failure -j "$jobs" -LE 'slow|match|emulator|fuzz'

# (b) clang, every target, not one warning.
phase "strict clang build (-Wall -Wextra -Wpedantic -Werror)"
cmake -S . -B build/clang-strict -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang \
      "-DCMAKE_C_FLAGS=-Wall -Wextra -Wpedantic -Werror"
cmake --build build/clang-strict -j "$jobs"

# (c) Each libFuzzer target for FLASHMATE_FUZZ_SECONDS (default 60) from the checked-in corpus;
#     any crash or broken invariant fails (the input is kept in build/fuzz/tests/fuzz/work/).
phase "fuzz build (clang, libFuzzer + ASan + UBSan)"
cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DFLASHMATE_FUZZ=ON \
      -DFLASHMATE_FUZZ_SECONDS="${FLASHMATE_FUZZ_SECONDS:-60}"
cmake --build build/fuzz -j "$jobs" --target fuzz_fen fuzz_uci fuzz_epd fuzz_book
phase "fuzzing, ${FLASHMATE_FUZZ_SECONDS:-60} s per target"
nice -n 19 ctest --test-dir build/fuzz --output-on-failure -L fuzz

# (d) cppcheck on src/, once per slider layout. Configuration: checks warning, style,
#     performance and portability (not the inconclusive ones); the POSIX library for the host
#     port; a finding fails. There are no suppressions; one would be an inline
#     `// cppcheck-suppress <id> ; <reason>` next to the code, never a blanket --suppress.
phase "cppcheck on src/"
for layout in FANCY COMPACT; do
  cppcheck --std=c11 --enable=warning,style,performance,portability --library=posix \
           --inline-suppr --error-exitcode=1 --quiet -I include -I src \
           -DFLASHMATE_LAYOUT_$layout src/
done

phase ""
echo "== phase times"
printf '%s\n' "${timings[@]}"
echo "== all tests passed"
