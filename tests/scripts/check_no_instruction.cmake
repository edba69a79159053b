# Fails if a binary contains any of the FORBIDDEN instructions (by mnemonic, as objdump -d
# prints them): e.g. ebreak in a RISC-V image, which traps on a board without a debugger.
#
#   cmake -DOBJDUMP=riscv64-unknown-elf-objdump -DBINARY=image.elf "-DFORBIDDEN=ebreak;c.ebreak"
#         -P check_no_instruction.cmake
cmake_minimum_required(VERSION 3.20)

foreach(var OBJDUMP BINARY FORBIDDEN)
  if(NOT ${var})
    message(FATAL_ERROR "check_no_instruction.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT EXISTS "${BINARY}")
  message(FATAL_ERROR "check_no_instruction.cmake: ${BINARY} does not exist")
endif()

# -M no-aliases: objdump names every instruction by its own mnemonic (c.ebreak stays c.ebreak).
execute_process(COMMAND "${OBJDUMP}" -d -M no-aliases "${BINARY}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "check_no_instruction.cmake: ${OBJDUMP} -d ${BINARY} failed: ${err}")
endif()
string(REPLACE ";" "," text "${text}")
string(REPLACE "\n" ";" lines "${text}")

set(found "")
set(count 0)
set(function "?")
foreach(line IN LISTS lines)
  if(line MATCHES "^[0-9a-fA-F]+ <([^>]+)>:")
    set(function "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^ *([0-9a-fA-F]+):\t[0-9a-fA-F ]+\t([a-z0-9.]+)")
    math(EXPR count "${count} + 1")
    if(CMAKE_MATCH_2 IN_LIST FORBIDDEN)
      string(APPEND found "  ${CMAKE_MATCH_2} at 0x${CMAKE_MATCH_1} in ${function}\n")
    endif()
  endif()
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "check_no_instruction.cmake: no instructions read from ${BINARY}")
endif()
if(found)
  message(FATAL_ERROR "${BINARY} contains forbidden instructions (${FORBIDDEN}):\n${found}")
endif()
message(STATUS "${count} instructions in ${BINARY}, none of: ${FORBIDDEN}")
