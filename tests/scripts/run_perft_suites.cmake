# Run `flashmate perft-suite` on each suite and check it ran every position of the file:
# a truncated or unparsed suite must fail, not pass with fewer positions.
# -DFLASHMATE=<binary> -DDEPTH=<limit> -DSUITES=<a.epd;b.epd> [-DVARIANT=xiangqi] [-DCHESS960=ON]
set(variant_args "")
if(VARIANT)
  set(variant_args --variant ${VARIANT})
endif()
if(CHESS960)
  list(APPEND variant_args --chess960)
endif()
foreach(suite IN LISTS SUITES)
  file(STRINGS ${suite} lines REGEX "^[^#].*;D1 ")
  list(LENGTH lines expected)
  execute_process(COMMAND ${FLASHMATE} perft-suite ${variant_args} ${suite} --depth-limit ${DEPTH}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  message("${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "perft-suite failed on ${suite} (exit ${rc})")
  endif()
  string(REGEX MATCH "positions ([0-9]+), mismatches 0" m "${out}")
  if(NOT m OR NOT CMAKE_MATCH_1 EQUAL expected)
    message(FATAL_ERROR "${suite}: expected ${expected} positions to run, output: ${out}")
  endif()
endforeach()
