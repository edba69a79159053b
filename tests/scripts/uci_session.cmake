# A scripted UCI session, judged by its answers: run with `cmake -P`.
#
#   cmake "-DCOMMAND=<emulator...>;<program>" [-DINPUT=session.txt] -DLEGAL=moves.legal -P uci_session.cmake
#       Runs COMMAND with INPUT on standard input (nothing when not given) and fails unless it exits
#       with 0, answers `uciok` and `readyok`, and prints exactly one `bestmove` whose move is
#       listed in LEGAL.
#   cmake -DFLASHMATE=<host flashmate> -DLEGAL=moves.legal -P uci_session.cmake
#       Checks LEGAL itself: its moves must be exactly `flashmate perft 1 <FEN>` for the FEN on its
#       "# FEN:" line.
#
# LEGAL: '#' comment lines (one of them "# FEN: <fen>"), then moves separated by white space.
cmake_minimum_required(VERSION 3.20)

if(NOT LEGAL OR NOT EXISTS "${LEGAL}")
  message(FATAL_ERROR "uci_session.cmake: -DLEGAL=<existing file> is required")
endif()
file(STRINGS "${LEGAL}" legal_lines)
set(legal "")
set(fen "")
foreach(line IN LISTS legal_lines)
  if(line MATCHES "^# FEN: (.+)$")
    set(fen "${CMAKE_MATCH_1}")
  elseif(NOT line MATCHES "^#")
    string(REGEX MATCHALL "[a-h][1-8][a-h][1-8][nbrq]?" moves "${line}")
    list(APPEND legal ${moves})
  endif()
endforeach()
list(LENGTH legal legal_count)
if(legal_count EQUAL 0)
  message(FATAL_ERROR "uci_session.cmake: no moves in ${LEGAL}")
endif()

# ---- Check the list against the host engine ----
if(FLASHMATE)
  if(NOT fen)
    message(FATAL_ERROR "uci_session.cmake: ${LEGAL} has no '# FEN: ' line")
  endif()
  execute_process(COMMAND "${FLASHMATE}" perft 1 "${fen}" RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "flashmate perft 1 failed (${rc})")
  endif()
  string(REGEX MATCHALL "[a-h][1-8][a-h][1-8][nbrq]?:" divide "${out}")
  string(REPLACE ":" "" divide "${divide}")
  list(SORT divide)
  list(SORT legal)
  if(NOT divide STREQUAL legal)
    message(FATAL_ERROR "${LEGAL} lists\n  ${legal}\nbut flashmate perft 1 gives\n  ${divide}")
  endif()
  message(STATUS "${LEGAL}: ${legal_count} moves, the same as flashmate perft 1")
  return()
endif()

# ---- Run the session ----
if(NOT COMMAND)
  message(FATAL_ERROR "uci_session.cmake: -DCOMMAND=... or -DFLASHMATE=... is required")
endif()
if(NOT INPUT)
  set(INPUT /dev/null)
endif()
execute_process(COMMAND ${COMMAND}
  INPUT_FILE "${INPUT}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "session output:\n${out}")
if(err)
  message(STATUS "standard error:\n${err}")
endif()

set(errors "")
if(NOT rc STREQUAL "0")
  string(APPEND errors "  exit status ${rc}, want 0\n")
endif()
foreach(answer uciok readyok)
  if(NOT out MATCHES "(^|\n)${answer}\r?\n")
    string(APPEND errors "  no '${answer}' line\n")
  endif()
endforeach()
string(REGEX MATCHALL "(^|\n)bestmove [^\n]*" bestmoves "${out}")
list(LENGTH bestmoves count)
if(NOT count EQUAL 1)
  string(APPEND errors "  ${count} bestmove lines, want 1\n")
else()
  string(REGEX MATCH "bestmove ([^ \r\n]+)" match "${bestmoves}")
  set(move "${CMAKE_MATCH_1}")
  if(NOT move IN_LIST legal)
    string(APPEND errors "  bestmove '${move}' is not a legal move (legal: ${legal})\n")
  else()
    message(STATUS "bestmove ${move}: legal (one of ${legal_count})")
  endif()
endif()
if(errors)
  message(FATAL_ERROR "UCI session failed:\n${errors}")
endif()
