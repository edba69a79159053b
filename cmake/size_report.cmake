# Post-build size report of a firmware image: flash and RAM from the ELF's sections, printed and
# written next to the image as <file>.size (one line, collected by tests/run_all.sh).
#
#   cmake -DSIZE=arm-none-eabi-size -DELF=image.elf [-DSTACK_BYTES=n] [-DBOARD=b] [-DLAYOUT=l]
#         -P size_report.cmake
#
# flash = every allocated section stored in the image (code, read-only data with the tables, and
#         the initial values of .data); RAM = .data + .bss (+ .noinit), i.e. static RAM, plus the
#         stack the linker script reserves, reported separately.
cmake_minimum_required(VERSION 3.20)

execute_process(COMMAND "${SIZE}" -A "${ELF}" RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "size_report: ${SIZE} -A ${ELF} failed: ${err}")
endif()
string(REPLACE "\n" ";" lines "${text}")

set(flash 0)
set(data 0)
set(bss 0)
set(stack 0)
foreach(line IN LISTS lines)
  if(NOT line MATCHES "^(\\.[A-Za-z0-9_.]+) +([0-9]+) +([0-9]+)")
    continue()
  endif()
  set(name "${CMAKE_MATCH_1}")
  set(bytes "${CMAKE_MATCH_2}")
  if(name MATCHES "^\\.(comment|debug|stab|note|ARM\\.attributes|riscv\\.attributes|mmcu|avr\\.prop)")
    continue() # not loaded into the part
  elseif(name STREQUAL ".data")
    math(EXPR data "${data} + ${bytes}")
    math(EXPR flash "${flash} + ${bytes}")
  elseif(name MATCHES "^\\.(bss|noinit)$")
    math(EXPR bss "${bss} + ${bytes}")
  elseif(name STREQUAL ".stack")
    set(stack ${bytes})
  elseif(name MATCHES "^\\.(eeprom|fuse|lock|signature|user_signatures)$")
    continue() # AVR: not program flash
  else()
    math(EXPR flash "${flash} + ${bytes}")
  endif()
endforeach()
if(STACK_BYTES) # the reserve asked for (the .stack section adds alignment)
  set(stack ${STACK_BYTES})
endif()
math(EXPR ram "${data} + ${bss}")
get_filename_component(image "${ELF}" NAME)
set(summary "${image}: flash ${flash} bytes, RAM ${ram} bytes (.data ${data} + .bss ${bss}), stack ${stack} bytes")
if(BOARD)
  string(PREPEND summary "${BOARD} ${LAYOUT} ")
endif()
message(STATUS "${summary}")
file(WRITE "${ELF}.size" "${summary}\n")
