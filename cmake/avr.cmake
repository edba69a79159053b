# Toolchain for AVR boards: avr-gcc + avr-libc; tests run under simavr through a small
# libsimavr runner (tests/boards/avr_run.c, built for the host) that returns the firmware's exit code.
#
#   cmake --preset atmega2560                                  (CMakePresets.json)
#   cmake -S . -B build/x --toolchain cmake/avr.cmake -DFLASHMATE_BOARD=atmega2560
#
# AVR specifics the build follows: tables live in flash as `const __memx` (src/engine/table_storage.h), which
# needs -std=gnu11 (set by CMakeLists.txt for AVR only); int and size_t are 16-bit; plain const
# data and string literals are copied into RAM, so what must stay in flash is FM_FLASH or
# FM_TEXT (include/flashmate/flash.h).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR avr)
set(CMAKE_C_COMPILER avr-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_EXECUTABLE_SUFFIX_C ".elf")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

include(${CMAKE_CURRENT_LIST_DIR}/boards.cmake)
set(FLASHMATE_BOARD "atmega2560" CACHE STRING "Board to build firmware for (cmake/boards.cmake)")
flashmate_board(${FLASHMATE_BOARD})
if(NOT FLASHMATE_BOARD_ARCH STREQUAL "avr")
  message(FATAL_ERROR "board ${FLASHMATE_BOARD} is not an AVR board: use cmake/arm-none-eabi.cmake")
endif()
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES FLASHMATE_BOARD)

set(FLASHMATE_MCU_FLAGS "-mmcu=${FLASHMATE_BOARD_CPU}")
set(CMAKE_C_FLAGS_INIT
    "${FLASHMATE_MCU_FLAGS} -DF_CPU=${FLASHMATE_BOARD_F_CPU}UL -ffunction-sections -fdata-sections")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${FLASHMATE_MCU_FLAGS} -Wl,--gc-sections")
set(CMAKE_SIZE avr-size CACHE FILEPATH "size of the target binutils")

# ctest runs every test executable as: timeout ... avr_run MCU HZ <file.elf>. The runner is
# built from tests/boards/avr_run.c with the host compiler (tests/boards/firmware.cmake).
set(FLASHMATE_EMULATOR_TIMEOUT 300 CACHE STRING "Seconds before an emulator run is killed")
set(FLASHMATE_AVR_RUN "${CMAKE_BINARY_DIR}/tests/avr_run")
set(CMAKE_CROSSCOMPILING_EMULATOR
    timeout;--kill-after=5;${FLASHMATE_EMULATOR_TIMEOUT};${FLASHMATE_AVR_RUN};${FLASHMATE_BOARD_CPU};${FLASHMATE_BOARD_F_CPU})
