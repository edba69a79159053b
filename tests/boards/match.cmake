# Refereed games of a board's UCI image (included by firmware.cmake): tests/boards/board_engine.py
# makes the image under its emulator a UCI engine, tests/match/run_match.sh plays it under xboard
# with polyglot checking every move (see tests/match/README.md).
#
# The board searches a node budget (board_engine.py --nodes: each `go` with a clock becomes
# `go nodes N`), so its moves do not depend on how fast a busy host runs the emulator; its clock
# in the PGN is long (300 s + 3 s, never near its end) and only the opponent's is short (time
# odds 60: 5 s + 0.05 s, as in the host's match_fairymax). A game not decided after 80 moves is
# adjudicated a draw: the boards' UCI line holds 1,023 bytes, and polyglot's `position fen ...
# moves ...` outgrows that after some 90 moves (the board then keeps its old position and plays a
# move illegal in the new one; see tests/match/README.md). Labels emulator and match; skipped
# (77) without xboard, polyglot, Xvfb or Fairy-Max, or when Fairy-Max crashes in every attempt.
# The atmega2560 searches some 75 nodes a second of its own time (simavr runs it about three times
# as fast): its budget is 100 nodes a move (about 1.5 s of wall time on a busy machine), 300 in
# the wrapper's test, and its match may take 30 minutes.
if(TARGET flashmate_uci AND (FLASHMATE_UART_CONSOLE OR FLASHMATE_BOARD_ARCH STREQUAL "avr"))
  set(board_engine_py ${FLASHMATE_TESTS_DIR}/boards/board_engine.py)
  set(board_match_options --opponent-time-odds 60 --draw-after 80)
  if(FLASHMATE_BOARD_ARCH STREQUAL "avr")
    set(board_match_nodes 100)
    set(board_engine_nodes 300)
    set(board_match_timeout 1800)
  else()
    set(board_match_nodes 10000)
    set(board_engine_nodes 3000)
    set(board_match_timeout 600)
  endif()
  # The wrapper itself: what a GUI reads, `go` with a clock sent as `go nodes N`, quit and the
  # end of input; a dead emulator, a fault report, a silent board and SIGTERM (made-up emulators
  # for the faults); the emulator never outlives it.
  add_test(NAME board_engine
    COMMAND ${Python3_EXECUTABLE} ${FLASHMATE_TESTS_DIR}/boards/test_board_engine.py
            ${FLASHMATE_BOARD} $<TARGET_FILE:flashmate_uci> ${board_engine_nodes})
  set_tests_properties(board_engine PROPERTIES LABELS emulator TIMEOUT 300)
  # 4 games against Fairy-Max (2 openings, both colours), 10,000 nodes a move: any illegal move,
  # crash, time forfeit or unfinished game of the board fails; Fairy-Max's crashes are replayed.
  add_test(NAME match_board_fairymax
    COMMAND bash ${FLASHMATE_TESTS_DIR}/match/run_match.sh ${board_match_options}
            ${CMAKE_CURRENT_BINARY_DIR}/match-board-fairymax 4 300 3
            ${FLASHMATE_TEST_DATA}/openings-balanced-200.epd
            "uci:${Python3_EXECUTABLE} ${board_engine_py} ${FLASHMATE_BOARD} --image $<TARGET_FILE:flashmate_uci> --nodes ${board_match_nodes}"
            cecp:/usr/games/fairymax)
  # The same runner with a fault put in front of the emulator: an illegal move, an emulator that
  # dies during the game; both must fail the match.
  add_test(NAME match_board_detects_faults
    COMMAND ${Python3_EXECUTABLE} ${FLASHMATE_TESTS_DIR}/boards/test_board_match.py
            ${FLASHMATE_BOARD} $<TARGET_FILE:flashmate_uci> /usr/games/fairymax
            ${FLASHMATE_TEST_DATA}/openings-balanced-200.epd)
  set_tests_properties(match_board_fairymax match_board_detects_faults PROPERTIES
    LABELS "emulator;match" SKIP_RETURN_CODE 77 TIMEOUT ${board_match_timeout} RUN_SERIAL TRUE)
endif()
