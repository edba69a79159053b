# Fails if BINARY defines or references any FORBIDDEN symbol: run with `cmake -P`.
#
#   cmake -DNM=nm -DBINARY=image.elf "-DFORBIDDEN=sym1;sym2" -P check_symbols.cmake
cmake_minimum_required(VERSION 3.20)
execute_process(COMMAND "${NM}" "${BINARY}" RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "check_symbols.cmake: ${NM} ${BINARY} failed: ${err}")
endif()
set(found "")
foreach(symbol IN LISTS FORBIDDEN)
  if(text MATCHES "[ \t]${symbol}\n")
    list(APPEND found ${symbol})
  endif()
endforeach()
if(found)
  message(FATAL_ERROR "${BINARY} links ${found}")
endif()
message(STATUS "${BINARY}: none of ${FORBIDDEN}")
