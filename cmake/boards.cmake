# The microcontroller boards flashmate builds firmware for, and what each one gets.
#
# Included by the toolchain files (which need the core and the emulator) and by the build (which
# needs the rest). flashmate_board(<name>) sets, for the board:
#   FLASHMATE_BOARD_ARCH         cortex-m, riscv or avr (the port in src/port/<arch>/)
#   FLASHMATE_BOARD_CPU          -mcpu (Cortex-M), -march (RISC-V) or -mmcu (AVR)
#   FLASHMATE_BOARD_ABI          -mabi (RISC-V only)
#   FLASHMATE_BOARD_MACHINE      qemu-system-arm / qemu-system-riscv32 -M machine
#   FLASHMATE_BOARD_CHIP         Cortex-M: the chip's console and clock in src/port/cortex-m/
#                                (stm32f4 and stm32f1: stm32.c, nrf51: nrf51.c)
#   FLASHMATE_BOARD_CLOCK_HZ     Cortex-M: the core clock the port sets up (and QEMU models)
#   FLASHMATE_BOARD_CONSOLE_RX   Cortex-M and AVR: the UART receive ring of the UCI image, in bytes (a
#                                power of two; the perft and demo images read nothing and get 64)
#   FLASHMATE_BOARD_CONSOLE_SHARED_LINE  Cortex-M and AVR: the UCI image's console assembles each line in
#                                the engine's line buffer (one line buffer instead of two)
#   FLASHMATE_BOARD_F_CPU        clock in Hz (AVR: F_CPU and the simulated frequency)
#   FLASHMATE_BOARD_LAYOUTS      slider layouts that fit its flash, the first is the default
#   FLASHMATE_BOARD_XIANGQI      whether the build has Xiangqi by default (the UCI images then offer
#                                UCI_Variant xiangqi)
#   FLASHMATE_BOARD_XIANGQI_LAYOUTS  the layouts that fit beside Xiangqi's tables (a build with
#                                Xiangqi and another layout is refused), the first is the default
#   FLASHMATE_BOARD_PERFT_SET    perft self-test: "full" (startpos d5, Kiwipete d4, position 3
#                                d5: 9.6 M leaves) or "depth3" (8902 + 2039 + 2812)
#   FLASHMATE_BOARD_STACK_BYTES  stack reserved by the linker script (perft at depth D nests D-1
#                                1 KiB move lists: depth 5 measured 6.3-6.8 KB on Cortex-M)
#   FLASHMATE_BOARD_UCI          whether the UCI engine image is built
#   FLASHMATE_BOARD_ENGINE       the engine's buffer sizes for the board's RAM, compile definitions
#                                of every library (include/flashmate/*.h): FLASHMATE_MAX_PLY,
#                                _MOVE_STACK_MAX (moves), _UCI_LINE_MAX, _UCI_DEFERRED_MAX,
#                                _GAME_HISTORY_MAX, _MULTIPV_MAX, _HISTORY_BY_FROM,
#                                _HISTORY_BY_THREATS, _COUNTER_MOVES, _CONTINUATION_HISTORY,
#                                _POLL_NODES (how often the search reads the console and
#                                clock), _SPEED_CODE (0: without the code that only makes perft
#                                and the search faster, where flash is short)
#   FLASHMATE_BOARD_TT_BYTES     transposition table of the UCI image (a static array)
#   FLASHMATE_BOARD_UCI_STACK    stack reserved for the UCI image (search nests MAX_PLY frames)
#   FLASHMATE_BOARD_UCI_RAM_BUDGET  static RAM the UCI image may use besides the table (a test)
#   FLASHMATE_BOARD_CMOCKA_TESTS the host's cmocka tests (tests/test_*.c) that fit the board and
#                                run on it with tests/boards/mcu/cmocka.h (Cortex-M: newlib stdio over
#                                semihosting); FLASHMATE_BOARD_TEST_STACK / _TEST_HEAP size them
#   FLASHMATE_BOARD_FLASH_BYTES, FLASHMATE_BOARD_RAM_BYTES   AVR only, see below
# Cortex-M and RISC-V flash and RAM regions are written once, in the board's linker script
# (src/port/cortex-m/boards/<name>.ld, src/port/riscv/<name>.ld); the build reads them from
# there. AVR uses avr-gcc's own linker script for the part, and the sizes here for the tests.

set(FLASHMATE_KNOWN_BOARDS netduinoplus2 stm32vldiscovery microbit hifive1 atmega2560)

# The UCI engine's sizes for a board with 16 KB of RAM (microbit, hifive1): 10.5 KB of static
# RAM with a 2 KB table, and a 5 KB stack. The search reads its console and clock every 512
# nodes (on these boards and the 8 KB ones): with 2048, `stop` took 104 ms of emulator CPU once
# on the microbit under a loaded CI machine (the console test's limit is 100).
macro(flashmate_board_engine_16k)
  set(FLASHMATE_BOARD_UCI ON)
  set(FLASHMATE_BOARD_ENGINE FLASHMATE_MAX_PLY=24 FLASHMATE_MOVE_STACK_MAX=768
      FLASHMATE_UCI_LINE_MAX=1024 FLASHMATE_UCI_DEFERRED_MAX=0 FLASHMATE_GAME_HISTORY_MAX=100
      FLASHMATE_MULTIPV_MAX=2 FLASHMATE_HISTORY_BY_FROM=0 FLASHMATE_COUNTER_MOVES=0
      FLASHMATE_CONTINUATION_HISTORY=0
      FLASHMATE_UCI_VALUE_MAX=64 FLASHMATE_SEARCHMOVES_MAX=32 FLASHMATE_QUIETS_TRIED_MAX=16
      FLASHMATE_STACK_GUARD_BYTES=1536 FLASHMATE_POLL_NODES=512)
  set(FLASHMATE_BOARD_TT_BYTES 2048)
  set(FLASHMATE_BOARD_UCI_STACK 5120)
  set(FLASHMATE_BOARD_UCI_RAM_BUDGET 12288)
endmacro()

# ... and for 8 KB (stm32vldiscovery): 4.7 KB of static RAM with a 256-byte table, and a 3.3 KB
# stack. The search's frame is ~300 bytes a ply on the M3 (-fstack-usage) and ~830 bytes are
# used below the last node that passes the stack check (measured by the stack paint), so the
# guard is 960; the stack then holds lines of about 6 plies (seldepth 6). One line buffer (the
# console assembles into the engine's), 1 KB lines as on the 16 KB boards (a GUI's position
# line of a 99-move game from the start position), 40 game keys for repetitions, 320 moves on
# the move stack, iterations up to depth 32 (the stack, not MAX_PLY 16, ends the lines).
macro(flashmate_board_engine_8k)
  set(FLASHMATE_BOARD_UCI ON)
  set(FLASHMATE_BOARD_ENGINE FLASHMATE_MAX_PLY=16 FLASHMATE_MOVE_STACK_MAX=320
      FLASHMATE_UCI_LINE_MAX=1024 FLASHMATE_UCI_DEFERRED_MAX=0 FLASHMATE_GAME_HISTORY_MAX=32
      FLASHMATE_MULTIPV_MAX=1 FLASHMATE_HISTORY_BY_FROM=0 FLASHMATE_COUNTER_MOVES=0
      FLASHMATE_CONTINUATION_HISTORY=0
      FLASHMATE_UCI_VALUE_MAX=64 FLASHMATE_SEARCHMOVES_MAX=16 FLASHMATE_QUIETS_TRIED_MAX=8
      FLASHMATE_STACK_GUARD_BYTES=960 FLASHMATE_DEPTH_MAX=32 FLASHMATE_POLL_NODES=512)
  set(FLASHMATE_BOARD_CONSOLE_SHARED_LINE ON)
  set(FLASHMATE_BOARD_TT_BYTES 256)
  set(FLASHMATE_BOARD_UCI_STACK 3416)
  set(FLASHMATE_BOARD_UCI_RAM_BUDGET 6144)
endmacro()

macro(flashmate_board name)
  set(FLASHMATE_BOARD_CMOCKA_TESTS "")
  set(FLASHMATE_BOARD_TEST_STACK 0)
  set(FLASHMATE_BOARD_TEST_HEAP 0)
  set(FLASHMATE_BOARD_UCI OFF)
  set(FLASHMATE_BOARD_XIANGQI OFF)
  set(FLASHMATE_BOARD_XIANGQI_LAYOUTS "")
  set(FLASHMATE_BOARD_ENGINE "")
  set(FLASHMATE_BOARD_TT_BYTES 0)
  set(FLASHMATE_BOARD_UCI_STACK 0)
  set(FLASHMATE_BOARD_MACHINE "")
  set(FLASHMATE_BOARD_ABI "")
  set(FLASHMATE_BOARD_F_CPU 0)
  set(FLASHMATE_BOARD_CHIP "")
  set(FLASHMATE_BOARD_CLOCK_HZ 0)
  set(FLASHMATE_BOARD_CONSOLE_RX 256)
  set(FLASHMATE_BOARD_CONSOLE_SHARED_LINE OFF)
  if("${name}" STREQUAL "netduinoplus2")
    # STM32F405 (Cortex-M4F): 1 MB flash, 128 KB SRAM (QEMU maps 192 KB; the chip's main SRAM is 128 KB).
    set(FLASHMATE_BOARD_ARCH cortex-m)
    set(FLASHMATE_BOARD_CPU cortex-m4)
    set(FLASHMATE_BOARD_MACHINE netduinoplus2)
    set(FLASHMATE_BOARD_CHIP stm32f4)
    set(FLASHMATE_BOARD_CLOCK_HZ 168000000) # HSI through the PLL
    set(FLASHMATE_BOARD_CONSOLE_RX 1024)
    # The UCI image plays Xiangqi too: its tables (170 KB) do not fit the 1 MB beside fancy's
    # (930 KB), so kindergarten is the default, the faster of the two that fit: perft 70
    # instructions a leaf against fancy's 65 and compact's 78, the chess search 14,821 nodes per
    # second of chip time against 15,354 and 13,763 (QEMU -icount). Fancy is for a chess-only
    # build (-DFLASHMATE_XIANGQI=OFF -DFLASHMATE_LAYOUT=fancy).
    set(FLASHMATE_BOARD_LAYOUTS kindergarten fancy compact)
    set(FLASHMATE_BOARD_XIANGQI ON)
    set(FLASHMATE_BOARD_XIANGQI_LAYOUTS kindergarten compact)
    set(FLASHMATE_BOARD_PERFT_SET full)
    set(FLASHMATE_BOARD_STACK_BYTES 8192)
    set(FLASHMATE_BOARD_UCI ON)
    # Lines of 3 KB: a GUI's position line holds every move of the game (polyglot's 1 KB lines
    # ran out after 93 moves in a refereed match). Xiangqi's history by to-square only (360
    # bytes, not 32 KB): with its 8 KB move stack the engine would not leave the 16 KB stack
    # room in the 128 KB. No continuation history: its 1,152 KB table is nine times the RAM.
    # Chess's history per from- and to-square (16 KB), not also split by threats (64 KB).
    # Polled every 512 nodes: a Xiangqi node takes some 45 us in the emulator (22,000 nodes/s),
    # so 2048 made `stop` take up to 108 ms of emulator CPU (the console test's limit is 100).
    set(FLASHMATE_BOARD_ENGINE FLASHMATE_POLL_NODES=512 FLASHMATE_MAX_PLY=32 FLASHMATE_MOVE_STACK_MAX=2048
        FLASHMATE_UCI_LINE_MAX=3072 FLASHMATE_UCI_DEFERRED_MAX=1 FLASHMATE_GAME_HISTORY_MAX=256
        FLASHMATE_MULTIPV_MAX=4 FLASHMATE_STACK_GUARD_BYTES=2048
        FLASHMATE_XIANGQI_HISTORY_BY_FROM=0 FLASHMATE_CONTINUATION_HISTORY=0
        FLASHMATE_HISTORY_BY_THREATS=0)
    set(FLASHMATE_BOARD_TT_BYTES 65536)
    set(FLASHMATE_BOARD_UCI_STACK 16384)
    set(FLASHMATE_BOARD_UCI_RAM_BUDGET 65536)
    # test_position walks move trees 4 plies deep with 4 move lists per ply (~17 KB of stack).
    set(FLASHMATE_BOARD_CMOCKA_TESTS test_tables test_position)
    set(FLASHMATE_BOARD_TEST_STACK 32768)
    set(FLASHMATE_BOARD_TEST_HEAP 8192)
  elseif("${name}" STREQUAL "stm32vldiscovery")
    # STM32F100 (Cortex-M3): 128 KB flash, 8 KB SRAM.
    set(FLASHMATE_BOARD_ARCH cortex-m)
    set(FLASHMATE_BOARD_CPU cortex-m3)
    set(FLASHMATE_BOARD_MACHINE stm32vldiscovery)
    set(FLASHMATE_BOARD_CHIP stm32f1)
    set(FLASHMATE_BOARD_CLOCK_HZ 24000000) # HSI / 2 through the PLL
    # Kindergarten first: perft in 70 instructions a leaf against compact's 78 (QEMU -icount);
    # fancy (931 KB) does not fit the 128 KB.
    set(FLASHMATE_BOARD_LAYOUTS kindergarten compact)
    set(FLASHMATE_BOARD_PERFT_SET full)
    set(FLASHMATE_BOARD_STACK_BYTES 7168)
    flashmate_board_engine_8k()
    # No room in the 128 KB for the code that only makes perft and the search faster (the UCI
    # image with it is 24 KB larger, 3 KB too large).
    list(APPEND FLASHMATE_BOARD_ENGINE FLASHMATE_SPEED_CODE=0)
    # A 128-byte receive ring: lines typed while the engine waits are taken as they come, and
    # while it searches the UART holds what the ring cannot (the engine polls every 512 nodes).
    set(FLASHMATE_BOARD_CONSOLE_RX 128)
  elseif("${name}" STREQUAL "microbit")
    # nRF51822 (Cortex-M0, no 64-bit multiply): 256 KB flash, 16 KB SRAM.
    set(FLASHMATE_BOARD_ARCH cortex-m)
    set(FLASHMATE_BOARD_CPU cortex-m0)
    set(FLASHMATE_BOARD_MACHINE microbit)
    set(FLASHMATE_BOARD_CHIP nrf51)
    set(FLASHMATE_BOARD_CLOCK_HZ 16000000) # HFCLK, fixed
    # Kindergarten first: its 32-bit multiplies are single instructions here, perft takes 118
    # instructions a leaf against compact's 133 (QEMU -icount); fancy does not fit the 256 KB.
    set(FLASHMATE_BOARD_LAYOUTS kindergarten compact)
    set(FLASHMATE_BOARD_PERFT_SET full)
    set(FLASHMATE_BOARD_STACK_BYTES 8192)
    flashmate_board_engine_16k()
    # test_tables holds the 781 Polyglot keys (6 KB) read from the host; test_position does not fit.
    set(FLASHMATE_BOARD_CMOCKA_TESTS test_tables)
    # 16 KB = newlib's static data 2.5 KB + the test's 6.8 KB + heap (stdio buffers) + stack.
    set(FLASHMATE_BOARD_TEST_STACK 3584)
    set(FLASHMATE_BOARD_TEST_HEAP 3072)
  elseif("${name}" STREQUAL "hifive1")
    # SiFive HiFive1 (rev A), FE310-G000 (RV32IMAC): code executed in place from a 16 MB SPI
    # flash (from 0x20400000, 12 MB up to its end), 16 KB of data RAM. Every layout fits the
    # flash (fancy: a 933 KB image); fancy comes first because it was the faster under QEMU:
    # the perft set in 0.45-0.76 s against 1.50-2.22 s for compact, and 83 against 152
    # instructions per leaf (-icount); kindergarten takes 87 (compact now 150). QEMU does not
    # model the XIP flash's latency (the FE310 has no data cache), so on the chip the order is
    # untested.
    set(FLASHMATE_BOARD_ARCH riscv)
    set(FLASHMATE_BOARD_CPU rv32imac)
    set(FLASHMATE_BOARD_ABI ilp32)
    set(FLASHMATE_BOARD_MACHINE sifive_e)
    set(FLASHMATE_BOARD_LAYOUTS fancy compact kindergarten)
    set(FLASHMATE_BOARD_PERFT_SET full)
    # Depth 5 measured 6.4 KB (fancy) and 6.6 KB (compact) of stack here.
    set(FLASHMATE_BOARD_STACK_BYTES 12288)
    # The FE310 port takes a line out of its ring only when the line is complete: the ring
    # holds the longest line a GUI sends (the moves of a long game).
    set(FLASHMATE_BOARD_CONSOLE_RX 1024)
    flashmate_board_engine_16k()
  elseif("${name}" STREQUAL "atmega2560")
    # ATmega2560 (8-bit AVR): 256 KB flash, 8 KB SRAM, 16-bit int, simulated by simavr.
    set(FLASHMATE_BOARD_ARCH avr)
    set(FLASHMATE_BOARD_CPU atmega2560)
    set(FLASHMATE_BOARD_F_CPU 16000000)
    set(FLASHMATE_BOARD_FLASH_BYTES 262144)
    set(FLASHMATE_BOARD_RAM_BYTES 8192)
    # Compact first: on the 8-bit core a 32-bit multiply is a libgcc call and a shift by a
    # variable a loop, so kindergarten is the slower here (1,899 against 1,584 cycles a perft
    # leaf, simavr); its byte swaps and 64-bit subtractions are byte moves and carries.
    set(FLASHMATE_BOARD_LAYOUTS compact kindergarten)
    set(FLASHMATE_BOARD_PERFT_SET depth3)
    set(FLASHMATE_BOARD_STACK_BYTES 6144)
    # The UCI image: the 8 KB engine of stm32vldiscovery, a 128-byte receive ring, and the rest
    # of the RAM for the stack (4,703 bytes of static RAM, 3,456 reserved: 33 to spare). A node
    # takes some 200,000 cycles here (64-bit bitboards on an 8-bit core, 12 ms), so the search
    # reads its console and clock at every node, not every 2048.
    flashmate_board_engine_8k()
    list(REMOVE_ITEM FLASHMATE_BOARD_ENGINE FLASHMATE_POLL_NODES=512)
    list(APPEND FLASHMATE_BOARD_ENGINE FLASHMATE_POLL_NODES=1 FLASHMATE_SPEED_CODE=0)
    set(FLASHMATE_BOARD_CONSOLE_RX 128)
    set(FLASHMATE_BOARD_UCI_STACK 3456)
  else()
    message(FATAL_ERROR "unknown board '${name}' (known: ${FLASHMATE_KNOWN_BOARDS})")
  endif()
endmacro()
