# Toolchain for Cortex-M boards: arm-none-eabi-gcc, no C library start-up (src/port/cortex-m/
# has the vector table and start-up; newlib provides memcpy/memset/strlen only), tests run
# under qemu-system-arm (tests/boards/firmware.cmake).
#
#   cmake --preset netduinoplus2                               (CMakePresets.json)
#   cmake -S . -B build/x --toolchain cmake/arm-none-eabi.cmake -DFLASHMATE_BOARD=microbit
#
# FLASHMATE_BOARD picks the board (cmake/boards.cmake); FLASHMATE_CPU (cortex-m0, cortex-m3 or
# cortex-m4) defaults to the board's core and may be overridden, e.g. to run M0 code on an M4.
#
# FLASHMATE_SEMIHOSTING (default OFF): the images use semihosting for console, clock and exit
# status, a test aid that needs an emulator or a debug probe. By default an image is for a real
# board: console on the chip's UART, a hardware timer, no `bkpt` (src/port/cortex-m/cortex_m.h).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY) # no start-up files: a test executable cannot link
set(CMAKE_EXECUTABLE_SUFFIX_C ".elf")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER) # host tools (python3, timeout, qemu)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)  # no host libraries (cmocka) in a firmware build
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

include(${CMAKE_CURRENT_LIST_DIR}/boards.cmake)
set(FLASHMATE_BOARD "netduinoplus2" CACHE STRING "Board to build firmware for (cmake/boards.cmake)")
flashmate_board(${FLASHMATE_BOARD})
if(NOT FLASHMATE_BOARD_ARCH STREQUAL "cortex-m")
  message(FATAL_ERROR "board ${FLASHMATE_BOARD} is not a Cortex-M board: use cmake/avr.cmake")
endif()
if(NOT FLASHMATE_CPU)
  set(FLASHMATE_CPU "${FLASHMATE_BOARD_CPU}")
endif()
set(FLASHMATE_CPU "${FLASHMATE_CPU}" CACHE STRING "Cortex-M core: cortex-m0, cortex-m3 or cortex-m4")
set_property(CACHE FLASHMATE_CPU PROPERTY STRINGS cortex-m0 cortex-m3 cortex-m4)
if(NOT FLASHMATE_CPU MATCHES "^cortex-m[034]$")
  message(FATAL_ERROR "FLASHMATE_CPU must be cortex-m0, cortex-m3 or cortex-m4, not '${FLASHMATE_CPU}'")
endif()
set(FLASHMATE_SEMIHOSTING OFF CACHE BOOL
    "Cortex-M images: console, clock and exit status through semihosting (a test aid: the images then contain bkpt)")
# try_compile projects re-read this file: hand them the board and core.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES FLASHMATE_BOARD FLASHMATE_CPU)

# Soft float ABI: the engine uses no floating point, and one ABI serves M0, M3 and M4.
set(FLASHMATE_MCU_FLAGS "-mcpu=${FLASHMATE_CPU} -mthumb -mfloat-abi=soft")
set(CMAKE_C_FLAGS_INIT "${FLASHMATE_MCU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${FLASHMATE_MCU_FLAGS} -nostdlib -nostartfiles -Wl,--gc-sections")
set(CMAKE_SIZE arm-none-eabi-size CACHE FILEPATH "size of the target binutils")

# The board's console is USART1 / UART0, which -serial stdio connects to QEMU's standard input and
# output; with semihosting off the `bkpt` of a stray semihosting call faults as on a board. The
# firmware idles when main returns, so the tests run it through a driver that judges the console
# text and stops QEMU (tests/boards/qemu_console.py and the other scripts there).
set(FLASHMATE_QEMU_COMMAND
    qemu-system-arm;-M;${FLASHMATE_BOARD_MACHINE};-display;none;-monitor;none;-serial;stdio;-semihosting-config;enable=off)
set(FLASHMATE_QEMU_DRIVER ${CMAKE_CURRENT_LIST_DIR}/../tests/boards/qemu_console.py)

# ctest runs a test executable given as a target as: timeout ... qemu-system-arm ... -kernel
# <file.elf>, with semihosting, which gives the firmware a console (stdin/stdout of qemu) and
# its exit status: the cmocka test images, and every image built with FLASHMATE_SEMIHOSTING.
set(FLASHMATE_EMULATOR_TIMEOUT 300 CACHE STRING "Seconds before an emulator run is killed")
set(CMAKE_CROSSCOMPILING_EMULATOR
    timeout;--kill-after=5;${FLASHMATE_EMULATOR_TIMEOUT};qemu-system-arm;-M;${FLASHMATE_BOARD_MACHINE};-display;none;-serial;none;-monitor;none;-semihosting-config;enable=on,target=native;-kernel)
