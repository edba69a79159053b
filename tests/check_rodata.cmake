# Checks that the compiled-away tables really are compiled away: run with `cmake -P` on a built
# flashmate executable.
#
#   cmake -DNM=nm -DOBJDUMP=objdump [-DSIZE=size] -DBINARY=flashmate -DBASELINE=empty_main
#         [-DCORE_LIBRARY=libflashmate_core.a] -DLAYOUT=fancy|compact -DTABLES_H=src/tables.h
#         -P check_rodata.cmake
#
# Fails if
#   - a table declared FM_TABLE in tables.h is missing from BINARY or is not in a read-only data
#     section (nm type other than R/r): a dropped `const` would move it to .data, i.e. RAM;
#   - tables.h and the lists below disagree on the FM_TABLE names (keeps the lists honest);
#   - BINARY has more .init_array/.ctors/.preinit_array than BASELINE (a trivial program built
#     with the same compiler and flags), or any CORE_LIBRARY member has such a section: tables
#     must not be filled by constructors;
#   - .data + .bss of BINARY exceed MAX_RAM_BYTES (default 4096).

cmake_minimum_required(VERSION 3.20)

set(COMMON_TABLES knight_attacks_table king_attacks_table pawn_attacks_table castling_rights_kept
    zobrist_piece zobrist_castling zobrist_en_passant zobrist_white_to_move)
set(FANCY_TABLES rook_magics bishop_magics slider_attacks between_table line_table)
set(COMPACT_TABLES file_masks diagonal_masks antidiagonal_masks first_rank_attacks)
# Declared in tables.h but not FM_TABLE (the TableInfo lists hold pointers, which a PIE link
# puts in .data.rel.ro): reported, not enforced.
set(INFO_SYMBOLS chess_common_tables chess_layout_tables chess_layout_name)
set(INIT_SECTIONS .init_array .ctors .preinit_array)
if(NOT DEFINED MAX_RAM_BYTES)
  set(MAX_RAM_BYTES 4096)
endif()

set(errors "")
macro(problem text)
  message(STATUS "FAIL: ${text}")
  string(APPEND errors "  ${text}\n")
endmacro()

foreach(var NM OBJDUMP BINARY BASELINE LAYOUT TABLES_H)
  if(NOT ${var})
    message(FATAL_ERROR "check_rodata.cmake: -D${var}=... is required")
  endif()
endforeach()
foreach(file BINARY BASELINE TABLES_H)
  if(NOT EXISTS "${${file}}")
    message(FATAL_ERROR "check_rodata.cmake: ${file} '${${file}}' does not exist")
  endif()
endforeach()

if(LAYOUT STREQUAL "fancy")
  set(expected ${COMMON_TABLES} ${FANCY_TABLES})
elseif(LAYOUT STREQUAL "compact")
  set(expected ${COMMON_TABLES} ${COMPACT_TABLES})
else()
  message(FATAL_ERROR "check_rodata.cmake: unknown LAYOUT '${LAYOUT}'")
endif()

# Run a tool and return its stdout split into a list of lines.
function(run_lines out)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "check_rodata.cmake: `${ARGN}` failed (${rc}): ${err}")
  endif()
  string(REPLACE ";" "," text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# ---- 1. Every FM_TABLE declared in tables.h is known here -------------------------------------
file(READ "${TABLES_H}" header)
# Drop array bounds and semicolons first: CMake lists treat both specially.
string(REGEX REPLACE "\\[[^]]*]" "" header "${header}")
string(REPLACE ";" "\n" header "${header}")
string(REGEX MATCHALL "extern FM_TABLE [^\n]*" declarations "${header}")
set(all_known ${COMMON_TABLES} ${FANCY_TABLES} ${COMPACT_TABLES})
foreach(decl IN LISTS declarations)
  string(REGEX MATCH "[A-Za-z_][A-Za-z_0-9]*[ \t]*$" name "${decl}")
  string(STRIP "${name}" name)
  if(NOT name IN_LIST all_known)
    problem("tables.h declares FM_TABLE ${name}, unknown to tests/check_rodata.cmake: add it to a list there")
  endif()
  list(APPEND declared_names ${name})
endforeach()
foreach(name IN LISTS all_known)
  if(NOT name IN_LIST declared_names)
    problem("${name} is listed in tests/check_rodata.cmake but not declared FM_TABLE in tables.h")
  endif()
endforeach()
list(LENGTH declarations declared_count)
message(STATUS "tables.h declares ${declared_count} FM_TABLE tables; checking ${LAYOUT} layout")

# ---- 1b. The Xiangqi layout's tables (-DXIANGQI_TABLES_H=src/xiangqi_tables.h), when built ---------
if(XIANGQI_TABLES_H)
  file(READ "${XIANGQI_TABLES_H}" header)
  string(REGEX REPLACE "\\[[^]]*]" "" header "${header}")
  string(REPLACE ";" "\n" header "${header}")
  string(REGEX MATCHALL "extern FM_TABLE [^\n]*" declarations "${header}")
  foreach(decl IN LISTS declarations)
    string(REGEX MATCH "[A-Za-z_][A-Za-z_0-9]*[ \t]*$" name "${decl}")
    string(STRIP "${name}" name)
    list(APPEND expected ${name})
  endforeach()
  list(LENGTH declarations xiangqi_count)
  message(STATUS "xiangqi_tables.h declares ${xiangqi_count} FM_TABLE tables; checking them too")
endif()

# ---- 2. Table symbols present and read-only ---------------------------------------------------
run_lines(nm_lines "${NM}" "${BINARY}")
foreach(line IN LISTS nm_lines)
  if(line MATCHES "^[0-9a-fA-F]+ ([A-Za-z]) ([A-Za-z_][A-Za-z_0-9.]*)$")
    set(nm_type_${CMAKE_MATCH_2} "${CMAKE_MATCH_1}")
  endif()
endforeach()
foreach(name IN LISTS expected)
  if(NOT DEFINED nm_type_${name})
    problem("table ${name} is missing from ${BINARY}")
  elseif(NOT nm_type_${name} MATCHES "^[Rr]$")
    problem("table ${name} has nm type '${nm_type_${name}}' (writable section), want R/r: is it declared without const?")
  else()
    message(STATUS "ok   ${name}: ${nm_type_${name}}")
  endif()
endforeach()
foreach(name IN LISTS INFO_SYMBOLS)
  if(DEFINED nm_type_${name})
    message(STATUS "info ${name}: ${nm_type_${name}} (not FM_TABLE; not enforced)")
  endif()
endforeach()

# ---- 3. Section sizes from objdump -h ---------------------------------------------------------
# Sets <prefix><section> to the summed size of each named section (0 if absent).
function(section_sizes file prefix)
  run_lines(lines "${OBJDUMP}" -h "${file}")
  foreach(section ${INIT_SECTIONS} .data .bss)
    set(total 0)
    foreach(line IN LISTS lines)
      if(line MATCHES "^ *[0-9]+ +([^ ]+) +([0-9a-fA-F]+) " AND CMAKE_MATCH_1 STREQUAL section)
        math(EXPR total "${total} + 0x${CMAKE_MATCH_2}")
      endif()
    endforeach()
    set(${prefix}${section} ${total} PARENT_SCOPE)
  endforeach()
endfunction()

section_sizes("${BINARY}" bin)
section_sizes("${BASELINE}" base)
foreach(section IN LISTS INIT_SECTIONS)
  if(bin${section} GREATER base${section})
    problem("${section} of ${BINARY} is ${bin${section}} bytes, a trivial program has ${base${section}}: something registers a constructor")
  endif()
endforeach()
message(STATUS ".init_array: ${bin.init_array} bytes (trivial program: ${base.init_array})")

# Constructors compiled into the core library itself, member by member.
if(CORE_LIBRARY AND EXISTS "${CORE_LIBRARY}")
  run_lines(lines "${OBJDUMP}" -h "${CORE_LIBRARY}")
  set(member "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^(.+):[ \t]+file format ")
      set(member "${CMAKE_MATCH_1}")
    elseif(line MATCHES "^ *[0-9]+ +([^ ]+) +([0-9a-fA-F]+) ")
      set(section "${CMAKE_MATCH_1}")
      math(EXPR bytes "0x${CMAKE_MATCH_2}")
      foreach(init IN LISTS INIT_SECTIONS)
        if(bytes GREATER 0 AND (section STREQUAL init OR section MATCHES "^\\${init}\\."))
          problem("${member} in ${CORE_LIBRARY} has a ${section} section (${bytes} bytes)")
        endif()
      endforeach()
    endif()
  endforeach()
endif()

# ---- 4. RAM used by the program ---------------------------------------------------------------
if(SIZE)
  execute_process(COMMAND "${SIZE}" "${BINARY}" OUTPUT_VARIABLE size_text)
  message(STATUS "size:\n${size_text}")
endif()
math(EXPR ram "${bin.data} + ${bin.bss}")
message(STATUS ".data ${bin.data} + .bss ${bin.bss} = ${ram} bytes (limit ${MAX_RAM_BYTES})")
if(ram GREATER MAX_RAM_BYTES)
  problem(".data + .bss = ${ram} bytes exceeds ${MAX_RAM_BYTES}: a table or buffer landed in RAM")
endif()

if(errors)
  message(FATAL_ERROR "tables_in_readonly_sections failed:\n${errors}")
endif()
message(STATUS "tables_in_readonly_sections: all ${LAYOUT} tables read-only, no constructors")
