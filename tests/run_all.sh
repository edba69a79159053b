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
          fairy-stockfish)          # the Xiangqi reference (perft, legal moves)
# Board toolchains and emulators. Never without --no-install-recommends: libnewlib-arm-none-eabi
# would pull in 1.5 GB of libstdc++-arm-none-eabi-newlib.
board_packages=(gcc-arm-none-eabi binutils-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm
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

# ---- Host build and tests ----------------------------------------------------------------------
echo "== host build (fancy layout): preset host, build/host"
cmake --preset host
cmake --build --preset host -j "$jobs"
echo "== host tests (all labels but match and valgrind)"
ctest --preset host -j "$jobs" -LE 'match|valgrind'
echo "== match: a short refereed match against fairymax"
ctest --preset host -L match

echo "== host build and tests, compact layout: preset host-compact, build/host-compact"
cmake --preset host-compact
cmake --build --preset host-compact -j "$jobs"
ctest --preset host-compact -j "$jobs" -LE match

# ---- Boards: firmware on emulators (label emulator) --------------------------------------------
boards=(netduinoplus2 stm32vldiscovery microbit atmega2560)
for board in "${boards[@]}"; do
  echo "== board $board: preset $board, build/$board"
  cmake --preset "$board"
  cmake --build --preset "$board" -j "$jobs"
  ctest --preset "$board" -j "$jobs" -L emulator
done
echo "== firmware sizes"
for board in "${boards[@]}"; do
  cat "build/$board"/src/port/*.elf.size
done
echo "== all tests passed"
