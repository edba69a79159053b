# Tests of a board build (included by tests/CMakeLists.txt when cross-compiling). Every test
# carries the label `emulator`.
#
# A board image talks over its UART and idles when done, as on a real board: the RISC-V images,
# and the Cortex-M images unless built with FLASHMATE_SEMIHOSTING. Their tests run QEMU with the
# console on its standard input and output (FLASHMATE_QEMU_COMMAND of the toolchain file, -kernel
# <image>.elf; for Cortex-M -semihosting-config enable=off) through a driver in tests/boards/
# that judges the console text and stops QEMU: qemu_console.py, console_echo_test.py,
# uci_console_test.py. A test whose command is a firmware target runs through
# CMAKE_CROSSCOMPILING_EMULATOR instead (qemu-system-arm with semihosting, or tests/boards/avr_run
# for AVR, under `timeout`) and is judged by the firmware's exit status: the AVR images, the
# Cortex-M cmocka test images (they read the host's files), and FLASHMATE_SEMIHOSTING images.

set(FLASHMATE_EMULATOR_TESTS "")
# Whether the images talk over a UART (judged by their console text): see above.
if(FLASHMATE_BOARD_ARCH STREQUAL "riscv"
   OR (FLASHMATE_BOARD_ARCH STREQUAL "cortex-m" AND NOT FLASHMATE_SEMIHOSTING))
  set(FLASHMATE_UART_CONSOLE ON)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
else()
  set(FLASHMATE_UART_CONSOLE OFF)
endif()
# The AVR's UCI image talks over USART0 too, under tests/boards/avr_run (its standard input and
# output), paced to the wall clock and stamping each line with simulated cycles.
if(FLASHMATE_BOARD_ARCH STREQUAL "avr")
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  set(FLASHMATE_AVR_CONSOLE_COMMAND ${FLASHMATE_AVR_RUN} --realtime --line-cycles
      ${FLASHMATE_BOARD_CPU} ${FLASHMATE_BOARD_F_CPU})
endif()

# ---- AVR: the simavr runner, a host program -----------------------------------------------------
if(FLASHMATE_BOARD_ARCH STREQUAL "avr")
  find_program(FLASHMATE_HOST_CC NAMES cc gcc clang REQUIRED)
  find_path(SIMAVR_INCLUDE_DIR sim_avr.h PATHS /usr/include/simavr /usr/local/include/simavr
            NO_CMAKE_FIND_ROOT_PATH)
  if(NOT SIMAVR_INCLUDE_DIR)
    message(FATAL_ERROR "simavr headers not found: install libsimavr-dev (or -DFLASHMATE_TESTS=OFF)")
  endif()
  add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/avr_run
    COMMAND ${FLASHMATE_HOST_CC} -O2 -Wall -Wextra -I${SIMAVR_INCLUDE_DIR}
            ${FLASHMATE_TESTS_DIR}/boards/avr_run.c -lsimavr -o ${CMAKE_CURRENT_BINARY_DIR}/avr_run
    DEPENDS ${FLASHMATE_TESTS_DIR}/boards/avr_run.c
    COMMENT "Building the simavr runner tests/boards/avr_run (host compiler)"
    VERBATIM)
  add_custom_target(avr_run ALL DEPENDS ${CMAKE_CURRENT_BINARY_DIR}/avr_run)
endif()

# ---- Perft on the board: the move generator and the tables on the real instruction set ---------
if(FLASHMATE_UART_CONSOLE)
  # The RESULT line decides, and the times the board printed must agree with the wall clock (the
  # rate of its timer: mtime, SysTick, TIMER0).
  add_test(NAME perft_selftest
    COMMAND ${Python3_EXECUTABLE} ${FLASHMATE_QEMU_DRIVER} --timeout ${FLASHMATE_EMULATOR_TIMEOUT}
            --until "^RESULT: " --expect "^RESULT: PASS"
            --clock "^RESULT: .* nodes in ([0-9.]+) s"
            -- ${FLASHMATE_QEMU_COMMAND} -kernel $<TARGET_FILE:flashmate_perft>)
  list(APPEND FLASHMATE_EMULATOR_TESTS perft_selftest)
  if(FLASHMATE_BOARD_ARCH STREQUAL "riscv" AND FLASHMATE_SEMIHOSTING)
    # The test aid itself: main's return value is QEMU's exit status.
    add_test(NAME perft_selftest_exit_status COMMAND flashmate_perft)
    list(APPEND FLASHMATE_EMULATOR_TESTS perft_selftest_exit_status)
  endif()
else()
  add_test(NAME perft_selftest COMMAND flashmate_perft)
  list(APPEND FLASHMATE_EMULATOR_TESTS perft_selftest)
endif()

# ---- Tables in flash, little static RAM ---------------------------------------------------------
# The flash region comes from the board's linker script (Cortex-M) or the part (AVR: program
# memory from 0; data addresses start at 0x800000 in an AVR ELF).
if(FLASHMATE_BOARD_ARCH MATCHES "^(cortex-m|riscv)$")
  if(FLASHMATE_BOARD_ARCH STREQUAL "cortex-m")
    set(FLASHMATE_LINKER_SCRIPT ${flashmate_SOURCE_DIR}/src/port/cortex-m/boards/${FLASHMATE_BOARD}.ld)
  else()
    set(FLASHMATE_LINKER_SCRIPT ${flashmate_SOURCE_DIR}/src/port/riscv/${FLASHMATE_BOARD}.ld)
  endif()
  file(READ ${FLASHMATE_LINKER_SCRIPT} script)
  if(NOT script MATCHES "FLASH[ \t]*\\([a-z]*\\)[ \t]*:[ \t]*ORIGIN[ \t]*=[ \t]*(0x[0-9A-Fa-f]+|[0-9]+)[ \t]*,[ \t]*LENGTH[ \t]*=[ \t]*([0-9]+)([KM]?)")
    message(FATAL_ERROR "cannot read the FLASH region from ${FLASHMATE_LINKER_SCRIPT}")
  endif()
  set(flash_start ${CMAKE_MATCH_1})
  set(flash_length ${CMAKE_MATCH_2})
  if(CMAKE_MATCH_3 STREQUAL "K")
    math(EXPR flash_length "${flash_length} * 1024")
  elseif(CMAKE_MATCH_3 STREQUAL "M")
    math(EXPR flash_length "${flash_length} * 1024 * 1024")
  endif()
  math(EXPR flash_end "${flash_start} + ${flash_length}" OUTPUT_FORMAT HEXADECIMAL)
  set(readonly_types Rr)
  # The acceptance budget: all of the perft image's static data in 8 KB (the smallest board
  # has 8 KB of RAM, and its linker script also reserves the stack).
  set(perft_max_ram 8192)
else()
  # __memx data is placed in the .text output section: nm shows it as T/t. (RAM addresses in an
  # AVR ELF start at 0x800000.)
  set(flash_start 0)
  math(EXPR flash_end "${FLASHMATE_BOARD_FLASH_BYTES}" OUTPUT_FORMAT HEXADECIMAL)
  set(readonly_types RrTt)
  # No linker reservation on AVR: static data must leave the stack budget free.
  math(EXPR perft_max_ram "${FLASHMATE_BOARD_RAM_BYTES} - ${FLASHMATE_BOARD_STACK_BYTES}")
endif()
get_filename_component(binutils_dir "${CMAKE_NM}" DIRECTORY)

# flashmate_add_flash_test(<test> <target> <max static RAM bytes> <require all tables> [exclude...])
function(flashmate_add_flash_test test target max_ram require_all)
  add_test(NAME ${test}
    COMMAND ${CMAKE_COMMAND}
      -DNM=${CMAKE_NM}
      -DOBJDUMP=${CMAKE_OBJDUMP}
      -DSIZE=${CMAKE_SIZE}
      -DBINARY=$<TARGET_FILE:${target}>
      -DLAYOUT=${FLASHMATE_LAYOUT}
      -DTABLES_H=${flashmate_SOURCE_DIR}/src/chess/tables.h
      -DFLASH_START=${flash_start}
      -DFLASH_END=${flash_end}
      -DREADONLY_TYPES=${readonly_types}
      -DREQUIRE_ALL=${require_all}
      -DMAX_RAM_BYTES=${max_ram}
      "-DRAM_EXCLUDE=${ARGN}"
      -P ${FLASHMATE_TESTS_DIR}/scripts/check_rodata.cmake)
  set(FLASHMATE_EMULATOR_TESTS ${FLASHMATE_EMULATOR_TESTS} ${test} PARENT_SCOPE)
endfunction()

# The perft image: tables in flash (those it reads), little static RAM.
flashmate_add_flash_test(perft_tables_in_flash flashmate_perft ${perft_max_ram} OFF)

# ---- The flashable files: <image>.hex and <image>.bin agree with the ELF -------------------------
# What a programmer writes (src/port/CMakeLists.txt): both start at the flash base, hold every
# section stored in flash, and the board's reset finds the entry point (check_flash_files.cmake).
# The check must see a wrong file: a .hex of .text alone (the tables and the vector table left
# out) fails it.
if(FLASHMATE_BOARD_ARCH STREQUAL "avr")
  set(flash_file_sections ".text;.data") # avrdude's flash content; .eeprom etc. are not flash
else()
  set(flash_file_sections "")
endif()
# flashmate_add_flash_files_test(<test> <target> [<hex file>])
function(flashmate_add_flash_files_test test target)
  set(hex $<TARGET_FILE_DIR:${target}>/${target}.hex)
  if(ARGN)
    set(hex ${ARGN})
  endif()
  add_test(NAME ${test}
    COMMAND ${CMAKE_COMMAND}
      -DOBJCOPY=${CMAKE_OBJCOPY}
      -DOBJDUMP=${CMAKE_OBJDUMP}
      -DREADELF=${CMAKE_READELF}
      -DELF=$<TARGET_FILE:${target}>
      -DHEX=${hex}
      -DBIN=$<TARGET_FILE_DIR:${target}>/${target}.bin
      -DFLASH_START=${flash_start}
      -DFLASH_END=${flash_end}
      -DARCH=${FLASHMATE_BOARD_ARCH}
      "-DSECTIONS=${flash_file_sections}"
      -DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/${test}
      -P ${FLASHMATE_TESTS_DIR}/scripts/check_flash_files.cmake)
  set(FLASHMATE_EMULATOR_TESTS ${FLASHMATE_EMULATOR_TESTS} ${test} PARENT_SCOPE)
endfunction()
foreach(image flashmate_perft flashmate_uci flashmate_uci_demo)
  if(TARGET ${image})
    string(REPLACE "flashmate_" "" short ${image})
    flashmate_add_flash_files_test(${short}_flash_files ${image})
  endif()
endforeach()
set(text_only_hex ${CMAKE_CURRENT_BINARY_DIR}/flashmate_perft_text_only.hex)
add_custom_command(OUTPUT ${text_only_hex}
  COMMAND ${CMAKE_OBJCOPY} -j .text -O ihex $<TARGET_FILE:flashmate_perft> ${text_only_hex}
  DEPENDS flashmate_perft
  COMMENT "A .hex of flashmate_perft's .text alone, which the flash files check must reject"
  VERBATIM)
add_custom_target(flash_files_probe ALL DEPENDS ${text_only_hex})
flashmate_add_flash_files_test(flash_files_check_detects_missing_section flashmate_perft
                               ${text_only_hex})
set_tests_properties(flash_files_check_detects_missing_section PROPERTIES
  PASS_REGULAR_EXPRESSION "check_flash_files: FAIL: the \\.hex .*differs from the \\.bin")

# The compact and kindergarten layouts need no 64-bit multiply: on a core without one
# (Cortex-M0) libgcc's multiply helper must not be linked at all.
if(FLASHMATE_CPU STREQUAL "cortex-m0" AND FLASHMATE_LAYOUT MATCHES "^(compact|kindergarten)$")
  add_test(NAME perft_no_64bit_multiply
    COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} -DBINARY=$<TARGET_FILE:flashmate_perft>
            -DFORBIDDEN=__aeabi_lmul -P ${FLASHMATE_TESTS_DIR}/scripts/check_symbols.cmake)
  list(APPEND FLASHMATE_EMULATOR_TESTS perft_no_64bit_multiply)
endif()

# ---- No semihosting call in a board image: without a debugger it traps ----------------------
# Semihosting (FLASHMATE_SEMIHOSTING, a test aid) is the only code that needs ebreak (RISC-V) or
# bkpt (ARM); a default image must have none, not even from a compiler-inserted __builtin_trap.
# The check must see one: a library holding one (a probe) fails it.
if(FLASHMATE_BOARD_ARCH STREQUAL "riscv")
  set(forbidden "ebreak;c.ebreak")
  set(mnemonic ebreak)
elseif(FLASHMATE_BOARD_ARCH STREQUAL "cortex-m")
  set(forbidden bkpt)
  set(mnemonic bkpt)
else()
  set(forbidden "")
endif()
if(forbidden)
  if(NOT FLASHMATE_SEMIHOSTING)
    foreach(image flashmate_perft flashmate_uci flashmate_uci_demo)
      if(TARGET ${image})
        string(REPLACE "flashmate_" "" short ${image})
        add_test(NAME ${short}_no_${mnemonic}
          COMMAND ${CMAKE_COMMAND} -DOBJDUMP=${CMAKE_OBJDUMP} -DBINARY=$<TARGET_FILE:${image}>
                  "-DFORBIDDEN=${forbidden}" -P ${FLASHMATE_TESTS_DIR}/scripts/check_no_instruction.cmake)
        list(APPEND FLASHMATE_EMULATOR_TESTS ${short}_no_${mnemonic})
      endif()
    endforeach()
  endif()
  add_library(${mnemonic}_probe STATIC ${FLASHMATE_TESTS_DIR}/boards/${mnemonic}_probe.c)
  add_test(NAME no_${mnemonic}_check_detects_${mnemonic}
    COMMAND ${CMAKE_COMMAND} -DOBJDUMP=${CMAKE_OBJDUMP} -DBINARY=$<TARGET_FILE:${mnemonic}_probe>
            "-DFORBIDDEN=${forbidden}" -P ${FLASHMATE_TESTS_DIR}/scripts/check_no_instruction.cmake)
  set_tests_properties(no_${mnemonic}_check_detects_${mnemonic} PROPERTIES WILL_FAIL TRUE)
  list(APPEND FLASHMATE_EMULATOR_TESTS no_${mnemonic}_check_detects_${mnemonic})
endif()

# ---- The console's receive side (UART interrupt, ring, truncation) with a small echo program ----
if(FLASHMATE_UART_CONSOLE)
  set(echo_options "")
  if(FLASHMATE_BOARD_ARCH STREQUAL "cortex-m")
    # A 256-byte receive ring: the test's burst is 16 times that. The Cortex-M port stops taking
    # bytes when its ring is full, and QEMU then holds the rest of the input: nothing is lost.
    set(echo_ring CONSOLE_RX 256)
    set(echo_options --port-holds-input)
  endif()
  flashmate_add_firmware(console_echo
    SOURCES ${FLASHMATE_TESTS_DIR}/boards/console_echo.c
            ${flashmate_SOURCE_DIR}/src/port/firmware/stack_report.c
    STACK_BYTES 2048
    ${echo_ring})
  add_test(NAME console_echo
    COMMAND ${Python3_EXECUTABLE} ${FLASHMATE_TESTS_DIR}/boards/console_echo_test.py
            --timeout ${FLASHMATE_EMULATOR_TIMEOUT} ${echo_options}
            -- ${FLASHMATE_QEMU_COMMAND} -kernel $<TARGET_FILE:console_echo>)
  list(APPEND FLASHMATE_EMULATOR_TESTS console_echo)
endif()

# ---- The host's cmocka tests, on the board ----------------------------------------------------
# The same sources as the host tests, built against tests/boards/mcu/cmocka.h (the cmocka subset they
# use) and the C library's stdio over semihosting; the data files are read from the host. These
# are test images, always built with semihosting (its files and exit status are what they need).
foreach(name IN LISTS FLASHMATE_BOARD_CMOCKA_TESTS)
  add_executable(${name}
    ${FLASHMATE_TESTS_DIR}/chess/${name}.c
    ${FLASHMATE_TESTS_DIR}/boards/mcu/cmocka.c
    ${flashmate_SOURCE_DIR}/src/port/cortex-m/startup.c
    ${flashmate_SOURCE_DIR}/src/port/common/board_memory.c
    ${flashmate_SOURCE_DIR}/src/port/cortex-m/semihosting.c)
  target_include_directories(${name} BEFORE PRIVATE ${FLASHMATE_TESTS_DIR}/boards/mcu)
  target_include_directories(${name} PRIVATE ${flashmate_SOURCE_DIR}/src)
  target_compile_definitions(${name} PRIVATE FLASHMATE_TEST_DATA="${FLASHMATE_TEST_DATA}")
  target_link_options(${name} PRIVATE
    -T${FLASHMATE_LINKER_SCRIPT}
    -L${flashmate_SOURCE_DIR}/src/port/cortex-m
    -Wl,--defsym=__stack_size=${FLASHMATE_BOARD_TEST_STACK}
    -Wl,--defsym=__heap_size=${FLASHMATE_BOARD_TEST_HEAP})
  # newlib with librdimon: stdio, fopen and malloc through semihosting.
  target_link_libraries(${name} PRIVATE flashmate::core -Wl,--start-group c rdimon gcc -Wl,--end-group)
  add_test(NAME ${name} COMMAND ${name})
  list(APPEND FLASHMATE_EMULATOR_TESTS ${name})
endforeach()

# ---- UCI engine on the board ----------------------------------------------------------------------
if(TARGET flashmate_uci)
  # The engine reads every table. Static RAM: the engine state (search history, game keys,
  # line buffers: see the size report) but not the transposition table.
  flashmate_add_flash_test(uci_tables_in_flash flashmate_uci ${FLASHMATE_BOARD_UCI_RAM_BUDGET} ON
                           port_tt_arena)
  if(FLASHMATE_UART_CONSOLE OR FLASHMATE_BOARD_ARCH STREQUAL "avr")
    # The engine on the UART: a GUI's session with hostile input, isready and stop during a
    # search; the bestmoves must be legal moves.
    set(uci_console_test ${Python3_EXECUTABLE} ${FLASHMATE_TESTS_DIR}/boards/uci_console_test.py
        --timeout ${FLASHMATE_EMULATOR_TIMEOUT} --legal ${FLASHMATE_TEST_DATA}/uci_session.legal)
    set(line_max 1024)
    foreach(definition IN LISTS FLASHMATE_BOARD_ENGINE)
      if(definition MATCHES "^FLASHMATE_UCI_LINE_MAX=([0-9]+)$")
        set(line_max ${CMAKE_MATCH_1})
      endif()
    endforeach()
    list(APPEND uci_console_test --line-max ${line_max})
    if(FLASHMATE_BOARD_ARCH STREQUAL "riscv")
      # The FE310 port drops what its ring cannot hold (console_echo shows which lines).
      list(APPEND uci_console_test --lossy-input)
    endif()
    if(FLASHMATE_BOARD_ARCH STREQUAL "avr")
      # isready and stop during a search timed in the board's simulated cycles.
      list(APPEND uci_console_test --cycles ${FLASHMATE_BOARD_F_CPU})
      set(run_uci ${FLASHMATE_AVR_CONSOLE_COMMAND} $<TARGET_FILE:flashmate_uci>)
      set(run_uci_demo ${FLASHMATE_AVR_CONSOLE_COMMAND} $<TARGET_FILE:flashmate_uci_demo>)
    else()
      set(run_uci ${FLASHMATE_QEMU_COMMAND} -kernel $<TARGET_FILE:flashmate_uci>)
      set(run_uci_demo ${FLASHMATE_QEMU_COMMAND} -kernel $<TARGET_FILE:flashmate_uci_demo>)
    endif()
    # An image with Xiangqi plays a Xiangqi position in the session too.
    set(xiangqi_session "")
    if(FLASHMATE_XIANGQI)
      set(xiangqi_session --xiangqi ${FLASHMATE_TEST_DATA}/xiangqi_session.legal)
    endif()
    add_test(NAME uci_console COMMAND ${uci_console_test} ${xiangqi_session} session -- ${run_uci})
    # The compiled-in session (no console input).
    add_test(NAME uci_demo_session COMMAND ${uci_console_test} demo -- ${run_uci_demo})
    list(APPEND FLASHMATE_EMULATOR_TESTS uci_console uci_demo_session)
  else()
    # A scripted session on the semihosting console; the bestmove must be a legal move.
    get_target_property(emulator flashmate_uci CROSSCOMPILING_EMULATOR)
    add_test(NAME uci_session
      COMMAND ${CMAKE_COMMAND}
        "-DCOMMAND=${emulator};$<TARGET_FILE:flashmate_uci>"
        -DINPUT=${FLASHMATE_TEST_DATA}/uci_session.txt
        -DLEGAL=${FLASHMATE_TEST_DATA}/uci_session.legal
        -P ${FLASHMATE_TESTS_DIR}/scripts/uci_session.cmake)
    # The same session compiled into the image (no console input).
    add_test(NAME uci_demo_session
      COMMAND ${CMAKE_COMMAND}
        "-DCOMMAND=${emulator};$<TARGET_FILE:flashmate_uci_demo>"
        -DLEGAL=${FLASHMATE_TEST_DATA}/uci_session.legal
        -P ${FLASHMATE_TESTS_DIR}/scripts/uci_session.cmake)
    list(APPEND FLASHMATE_EMULATOR_TESTS uci_session uci_demo_session)
    if(FLASHMATE_XIANGQI)
      # A Xiangqi session (UCI_Variant xiangqi, a FEN with moves, go depth 4).
      add_test(NAME uci_session_xiangqi
        COMMAND ${CMAKE_COMMAND}
          "-DCOMMAND=${emulator};$<TARGET_FILE:flashmate_uci>"
          -DINPUT=${FLASHMATE_TEST_DATA}/xiangqi_session.txt
          -DLEGAL=${FLASHMATE_TEST_DATA}/xiangqi_session.legal
          -P ${FLASHMATE_TESTS_DIR}/scripts/uci_session.cmake)
      list(APPEND FLASHMATE_EMULATOR_TESTS uci_session_xiangqi)
    endif()
  endif()
endif()

set_tests_properties(${FLASHMATE_EMULATOR_TESTS} PROPERTIES LABELS emulator TIMEOUT 300)

# Refereed games of the UCI image (board_engine.py under xboard): tests/boards/match.cmake.
include(${CMAKE_CURRENT_LIST_DIR}/match.cmake)
