#!/usr/bin/env bash
# The project's full test run: installs what is missing (Debian packages), builds the host
# engine and runs every test suite CI runs, then builds and tests the firmware of every board on
# its emulator (QEMU, simavr). This is the README's test command; .ci/run calls it.
#
#   bash tests/run_all.sh            everything CI runs
#   FLASHMATE_JOBS=4 bash tests/run_all.sh
# Not run here: `ctest --test-dir build/host -L valgrind` (bench and a UCI session under Valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${FLASHMATE_JOBS:-$(nproc 2>/dev/null || echo 2)}

# ---- Packages ----------------------------------------------------------------------------------
packages=(cmake make gcc libc6-dev libcmocka-dev python3 binutils
          xboard polyglot xvfb xauth fairymax
          stockfish gnuchess-book   # legal-move oracle for the UCI tests; a real Polyglot book
          fairy-stockfish           # the Xiangqi reference (perft, legal moves)
          clang libclang-rt-14-dev cppcheck clang-format)   # strict build, libFuzzer, static analysis, format
# Board toolchains and emulators. Never without --no-install-recommends: libnewlib-arm-none-eabi
# would pull in 1.5 GB of libstdc++-arm-none-eabi-newlib.
board_packages=(gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm
                gcc-riscv64-unknown-elf qemu-system-misc
                gcc-avr binutils-avr avr-libc simavr libsimavr-dev)
missing=()
for p in "${packages[@]}" "${board_packages[@]}"; do
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
phase "host build (the default layout, pext or fancy; gcc, warnings are errors): preset host, build/host"
cmake --preset host -DCMAKE_C_FLAGS=-Werror
cmake --build --preset host -j "$jobs"
phase "host tests (all labels but match and valgrind)"
ctest --preset host -j "$jobs" -LE 'match|valgrind'
phase "match: a short refereed match against fairymax"
ctest --preset host -L match

# Tests that do not depend on the chess slider layout or on sanitizers: the table compiler's own
# (Python) tests, Xiangqi, and the 1,000 malformed UCI sessions. The host phase runs them once.
layout_free='^(gen_unittest|generated_up_to_date|uci_malformed_sessions|xiangqi_.*)$'

phase "host build and tests, compact layout: preset host-compact, build/host-compact"
cmake --preset host-compact -DCMAKE_C_FLAGS=-Werror
cmake --build --preset host-compact -j "$jobs"
ctest --preset host-compact -j "$jobs" -LE 'match|valgrind' -E "$layout_free"

phase "host build and tests, kindergarten layout: preset host-kindergarten, build/host-kindergarten"
cmake --preset host-kindergarten -DCMAKE_C_FLAGS=-Werror
cmake --build --preset host-kindergarten -j "$jobs"
ctest --preset host-kindergarten -j "$jobs" -LE 'match|valgrind' -E "$layout_free"

# The dense layout: only the tests that read the slider tables (the tables, move generation
# through the position and SEE tests, the quick perft suites); the rest is layout-free or
# already run above with the same code.
phase "host build and layout tests, dense layout: preset host-dense, build/host-dense"
cmake --preset host-dense -DCMAKE_C_FLAGS=-Werror
cmake --build --preset host-dense -j "$jobs"
ctest --preset host-dense -j "$jobs" \
      -R '^(test_tables|tables_.*|test_position|test_chess960|test_see|perft_suites_quick|perft_chess960_quick|perft_suite_detects_wrong_count)$'

# The host phase built the default layout: pext where the CPU runs BMI2 fast, then fancy here;
# else fancy, then pext here if the CPU has BMI2 at all.
host_layout=$(sed -n 's/^FLASHMATE_LAYOUT:STRING=//p' build/host/CMakeCache.txt)
if [ "$host_layout" = pext ]; then
  phase "host build and tests, fancy layout: preset host-fancy, build/host-fancy"
  cmake --preset host-fancy -DCMAKE_C_FLAGS=-Werror
  cmake --build --preset host-fancy -j "$jobs"
  ctest --preset host-fancy -j "$jobs" -LE 'match|valgrind' -E "$layout_free"
elif grep -qw bmi2 /proc/cpuinfo 2>/dev/null; then
  phase "host build and tests, pext layout: preset host-pext, build/host-pext"
  cmake --preset host-pext -DCMAKE_C_FLAGS=-Werror
  cmake --build --preset host-pext -j "$jobs"
  ctest --preset host-pext -j "$jobs" -LE 'match|valgrind' -E "$layout_free"
fi

# ---- Hardening: sanitizers, strict warnings, fuzzing, static analysis ---------------------------
# (a) Every test but the slow, match, emulator and Xiangqi self-play ones (together 25 minutes
#     more here; they pass too: ctest --test-dir build/sanitize -LE 'match|emulator|fuzz|valgrind'),
#     under AddressSanitizer and UBSan with assertions on (Debug), built by gcc with warnings as
#     errors.
phase "sanitizer build (gcc, Debug, ASan + UBSan, warnings are errors): preset sanitize, build/sanitize"
cmake --preset sanitize
cmake --build --preset sanitize -j "$jobs"
phase "sanitizer tests"
ctest --preset sanitize -j "$jobs"

# (b) clang, every target, not one warning.
phase "strict clang build (-Wall -Wextra -Wpedantic -Werror): preset clang-strict, build/clang-strict"
cmake --preset clang-strict
cmake --build --preset clang-strict -j "$jobs"

# (c) Each libFuzzer target for FLASHMATE_FUZZ_SECONDS (default 30) from the checked-in corpus;
#     any crash or broken invariant fails (the input is kept in build/fuzz/tests/fuzz/work/).
phase "fuzz build (clang, libFuzzer + ASan + UBSan): preset fuzz, build/fuzz"
cmake --preset fuzz -DFLASHMATE_FUZZ_SECONDS="${FLASHMATE_FUZZ_SECONDS:-30}"
cmake --build --preset fuzz -j "$jobs"
phase "fuzzing, ${FLASHMATE_FUZZ_SECONDS:-30} s per target"
nice -n 19 ctest --preset fuzz -j "$jobs"   # the targets side by side, one core each

# (d) cppcheck on src/, once per slider layout. Configuration: checks warning, style,
#     performance and portability (not the inconclusive ones); the POSIX library for the host
#     port; a finding fails. There are no suppressions; one would be an inline
#     `// cppcheck-suppress <id> ; <reason>` next to the code, never a blanket --suppress.
phase "cppcheck on src/"
for layout in FANCY COMPACT KINDERGARTEN DENSE "PEXT -D__BMI2__"; do
  # shellcheck disable=SC2086 # "PEXT -D__BMI2__" is two words on purpose
  cppcheck --std=c11 --enable=warning,style,performance,portability --library=posix \
           --inline-suppr --error-exitcode=1 --quiet -I include -I src \
           -DFLASHMATE_LAYOUT_$layout -DFLASHMATE_ENGINE -DFLASHMATE_XIANGQI src/
done
# The Cortex-M port once per chip: a chip's file is compiled for that chip only.
for chip in STM32F4 STM32F1 NRF51; do
  cppcheck --std=c11 --enable=warning,style,performance,portability \
           --inline-suppr --error-exitcode=1 --quiet -I include -I src \
           -DFLASHMATE_CHIP_$chip src/port/cortex-m/
done

# ---- Boards: firmware on emulators (label emulator) --------------------------------------------
boards=(netduinoplus2 stm32vldiscovery microbit hifive1 atmega2560)
for board in "${boards[@]}"; do
  phase "board $board: preset $board, build/$board"
  cmake --preset "$board"
  cmake --build --preset "$board" -j "$jobs"
  ctest --preset "$board" -j "$jobs" -L emulator
done
# The semihosting build (a test aid, FLASHMATE_SEMIHOSTING): the default images' old console,
# clock and exit status, so that it keeps working; one board is enough.
phase "board netduinoplus2 with semihosting: preset netduinoplus2-semihosting, build/netduinoplus2-semihosting"
cmake --preset netduinoplus2-semihosting
cmake --build --preset netduinoplus2-semihosting -j "$jobs"
ctest --preset netduinoplus2-semihosting -j "$jobs" -L emulator
phase ""
echo "== firmware sizes"
for board in "${boards[@]}"; do
  cat "build/$board"/src/port/*.elf.size
done
echo "== phase times"
printf '%s\n' "${timings[@]}"
echo "== all tests passed"
