# Toolchain for RISC-V boards: Debian's riscv64-unknown-elf-gcc (multilib, here rv32imac/ilp32),
# no C library at all -- the package ships none: src/port/riscv/libc/ has the few functions and
# headers the core uses, libgcc the 64-bit helpers. Tests run under qemu-system-riscv32.
#
#   cmake --preset hifive1                                     (CMakePresets.json)
#   cmake -S . -B build/x --toolchain cmake/riscv.cmake -DFLASHMATE_BOARD=hifive1
#
# FLASHMATE_SEMIHOSTING (default OFF) adds RISC-V semihosting as a test aid: main's return value
# (and a trap, as 99) becomes QEMU's exit status. The default image contains no `ebreak`: on a
# board without a debugger it would trap.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_ASM_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY) # no start-up files: a test executable cannot link
set(CMAKE_EXECUTABLE_SUFFIX_C ".elf")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER) # host tools (python3, qemu)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)  # no host libraries (cmocka) in a firmware build
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

include(${CMAKE_CURRENT_LIST_DIR}/boards.cmake)
set(FLASHMATE_BOARD "hifive1" CACHE STRING "Board to build firmware for (cmake/boards.cmake)")
flashmate_board(${FLASHMATE_BOARD})
if(NOT FLASHMATE_BOARD_ARCH STREQUAL "riscv")
  message(FATAL_ERROR "board ${FLASHMATE_BOARD} is not a RISC-V board: use cmake/arm-none-eabi.cmake or cmake/avr.cmake")
endif()
set(FLASHMATE_SEMIHOSTING OFF CACHE BOOL
    "RISC-V semihosting for the exit status under QEMU (a test aid: the image then contains ebreak)")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES FLASHMATE_BOARD)

# -march must be a multilib name exactly (riscv64-unknown-elf-gcc -print-multi-lib): with an
# extension suffix such as _zicsr gcc silently links the rv64 libgcc. The port's CSR accesses
# enable Zicsr in their own asm (.option arch, +zicsr).
# -ffreestanding: GCC's <stdint.h> then needs no C library; -fbuiltin keeps memcpy, strlen etc.
# recognised as builtins, as in a hosted build (freestanding would turn them into plain calls).
set(FLASHMATE_MCU_FLAGS "-march=${FLASHMATE_BOARD_CPU} -mabi=${FLASHMATE_BOARD_ABI}")
set(CMAKE_C_FLAGS_INIT
    "${FLASHMATE_MCU_FLAGS} -ffreestanding -fbuiltin -ffunction-sections -fdata-sections")
set(CMAKE_ASM_FLAGS_INIT "${FLASHMATE_MCU_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${FLASHMATE_MCU_FLAGS} -nostdlib -nostartfiles -Wl,--gc-sections")
set(CMAKE_SIZE riscv64-unknown-elf-size CACHE FILEPATH "size of the target binutils")

# The emulator: the board's console is UART0, which -serial stdio connects to QEMU's standard
# input and output. With semihosting off (the default) the firmware idles when main returns, so
# tests run it through tests/boards/qemu_console.py, which judges the console text and stops
# QEMU; CMAKE_CROSSCOMPILING_EMULATOR is that driver in its plain mode (QEMU's exit status, a
# trap report fails, the timeout kills).
set(FLASHMATE_EMULATOR_TIMEOUT 300 CACHE STRING "Seconds before an emulator run is killed")
set(FLASHMATE_QEMU_COMMAND
    qemu-system-riscv32;-M;${FLASHMATE_BOARD_MACHINE};-bios;none;-display;none;-monitor;none;-serial;stdio)
if(FLASHMATE_SEMIHOSTING)
  list(APPEND FLASHMATE_QEMU_COMMAND -semihosting-config;enable=on,target=native)
endif()
set(FLASHMATE_QEMU_DRIVER ${CMAKE_CURRENT_LIST_DIR}/../tests/boards/qemu_console.py)
set(CMAKE_CROSSCOMPILING_EMULATOR
    python3;${FLASHMATE_QEMU_DRIVER};--timeout;${FLASHMATE_EMULATOR_TIMEOUT};--;${FLASHMATE_QEMU_COMMAND};-kernel)
