# Every public header (include/flashmate/*.h) stands alone: it compiles as the only include of a
# translation unit with nothing but `-I include` (so it includes no private header and forgets
# none of its own includes), twice in a row (its include guard works). Run with `cmake -P`:
#
#   cmake -DCC=<compiler> -DSOURCE_DIR=<repo> -DWORK=<scratch folder> "-DDEFINES=A;B=1" -P check_public_headers.cmake
#
# DEFINES are the build's definitions (layout, games, board sizes), so each header is checked in
# the configuration that is built.
cmake_minimum_required(VERSION 3.20)

foreach(var CC SOURCE_DIR WORK)
  if(NOT ${var})
    message(FATAL_ERROR "check_public_headers.cmake: -D${var}=... is required")
  endif()
endforeach()

file(GLOB headers RELATIVE "${SOURCE_DIR}/include" "${SOURCE_DIR}/include/flashmate/*.h")
list(LENGTH headers count)
if(count EQUAL 0)
  message(FATAL_ERROR "no public headers found in ${SOURCE_DIR}/include/flashmate")
endif()
set(flags -std=c11 -Wall -Wextra -Wpedantic -Werror -fsyntax-only "-I${SOURCE_DIR}/include")
foreach(define IN LISTS DEFINES)
  list(APPEND flags "-D${define}")
endforeach()

file(MAKE_DIRECTORY "${WORK}")
set(failures "")
foreach(header IN LISTS headers)
  # Also no quoted include of anything but another public header.
  file(STRINGS "${SOURCE_DIR}/include/${header}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line IN LISTS includes)
    if(NOT line MATCHES "\"flashmate/[a-z_]+\\.h\"")
      string(APPEND failures "  ${header}: includes a private header: ${line}\n")
    endif()
  endforeach()
  string(MAKE_C_IDENTIFIER "${header}" stem)
  set(source "${WORK}/${stem}.c")
  file(WRITE "${source}" "#include \"${header}\"\n#include \"${header}\"\n")
  execute_process(COMMAND ${CC} ${flags} "${source}" RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0)
    string(APPEND failures "  ${header} does not compile on its own:\n${out}${err}\n")
  endif()
endforeach()
if(failures)
  message(FATAL_ERROR "public headers that do not stand alone:\n${failures}")
endif()
message(STATUS "${count} public headers compile on their own with only -I include")
