# The core is freestanding: nothing outside src/port/ and src/app/ includes stdio, reads a clock,
# allocates from the heap or starts a thread; it goes through src/port/port.h. Run with `cmake -P`:
#
#   cmake -DSOURCE_DIR=<repo> -P check_freestanding.cmake
#
# Scans src/ (without port/ and app/), include/ and generated/ for the headers and calls below.
cmake_minimum_required(VERSION 3.20)

file(GLOB_RECURSE files
  "${SOURCE_DIR}/src/*.c" "${SOURCE_DIR}/src/*.h"
  "${SOURCE_DIR}/include/*.h" "${SOURCE_DIR}/generated/*.c" "${SOURCE_DIR}/generated/*.h")
list(FILTER files EXCLUDE REGEX "/src/port/|/src/app/")

set(forbidden_headers stdio.h stdlib.h time.h pthread.h threads.h unistd.h signal.h fcntl.h
    sys/[a-z_]+\\.h)
set(forbidden_calls malloc calloc realloc free printf fprintf puts fputs fopen fread fwrite
    getchar fgets clock clock_gettime time gettimeofday pthread_[a-z_]+ thrd_[a-z_]+ exit abort)
string(JOIN "|" headers ${forbidden_headers})
string(JOIN "|" calls ${forbidden_calls})

set(errors "")
list(LENGTH files count)
foreach(file IN LISTS files)
  file(STRINGS "${file}" lines)
  set(line_no 0)
  foreach(line IN LISTS lines)
    math(EXPR line_no "${line_no} + 1")
    # Code only: drop // comments and lines inside or opening a /* */ comment block.
    string(REGEX REPLACE "//.*$" "" code "${line}")
    if(code MATCHES "^[ \t]*(/\\*|\\*)")
      continue()
    endif()
    if(code MATCHES "^[ \t]*#[ \t]*include[ \t]*<(${headers})>")
      string(APPEND errors "  ${file}:${line_no}: includes <${CMAKE_MATCH_1}>\n")
    elseif(code MATCHES "(^|[^A-Za-z0-9_.>])(${calls})[ \t]*\\(")
      string(APPEND errors "  ${file}:${line_no}: calls ${CMAKE_MATCH_2}()\n")
    endif()
  endforeach()
endforeach()
if(errors)
  message(FATAL_ERROR "the core must reach the platform only through src/port/port.h:\n${errors}")
endif()
message(STATUS "${count} core files: no stdio, heap, clock or thread use")
