# Checks that the compiled-away tables really are compiled away: run with `cmake -P` on a built
# flashmate executable or firmware image.
#
#   cmake -DNM=nm -DOBJDUMP=objdump [-DSIZE=size] -DBINARY=flashmate [-DBASELINE=empty_main]
#         ["-DCORE_LIBRARIES=libflashmate_chess.a;..."] -DLAYOUT=fancy|compact|kindergarten|pext|pext_pdep|dense -DTABLES_H=src/chess/tables.h
#         [-DMAX_RAM_BYTES=4096] [-DRAM_EXCLUDE=symbol;...]
#         [-DFLASH_START=0x08000000 -DFLASH_END=0x08100000] [-DREADONLY_TYPES=Rr]
#         [-DREQUIRE_ALL=ON]
#         -P check_rodata.cmake
#
# Fails if
#   - a table declared FM_TABLE in tables.h is missing from BINARY (unless REQUIRE_ALL is OFF:
#     a firmware image may leave out tables its program never reads, but not all of them) or is
#     not in a read-only data section (nm type other than READONLY_TYPES, default R/r): a dropped
#     `const` would move it to .data, i.e. RAM;
#   - with FLASH_START/FLASH_END: a table's address is outside [FLASH_START, FLASH_END), the
#     board's flash (firmware images);
#   - tables.h and the lists below disagree on the FM_TABLE names (keeps the lists honest);
#   - BINARY has more .init_array/.ctors/.preinit_array than BASELINE (a trivial program built
#     with the same compiler and flags; without BASELINE, any at all), or any member of a CORE_LIBRARIES library
#     has such a section: tables must not be filled by constructors;
#   - .data + .bss of BINARY, less the sizes of the RAM_EXCLUDE symbols (e.g. a firmware's
#     transposition table), exceed MAX_RAM_BYTES (default 4096).

cmake_minimum_required(VERSION 3.20)

set(COMMON_TABLES knight_attacks_table king_attacks_table pawn_attacks_table castling_rights_kept
    zobrist_piece zobrist_castling zobrist_en_passant zobrist_white_to_move)
set(FANCY_TABLES rook_magics bishop_magics slider_attacks between_table line_table)
set(COMPACT_TABLES file_masks diagonal_masks antidiagonal_masks first_rank_attacks)
set(KINDERGARTEN_TABLES diagonal_masks antidiagonal_masks first_rank_attacks file_a_attacks
    kindergarten_gathers)
set(PEXT_TABLES rook_pext bishop_pext pext_attacks between_table line_table)
set(PEXT_PDEP_TABLES rook_pdep bishop_pdep pdep_attacks between_table line_table)
set(DENSE_TABLES rook_dense bishop_dense dense_attacks between_table line_table)
# Declared in tables.h but not FM_TABLE (the TableInfo lists hold pointers, which a PIE link
# puts in .data.rel.ro): reported, not enforced.
set(INFO_SYMBOLS chess_common_tables chess_layout_tables chess_layout_name)
set(INIT_SECTIONS .init_array .ctors .preinit_array)
if(NOT DEFINED MAX_RAM_BYTES)
  set(MAX_RAM_BYTES 4096)
endif()
if(NOT DEFINED READONLY_TYPES)
  set(READONLY_TYPES Rr)
endif()
if(NOT DEFINED REQUIRE_ALL)
  set(REQUIRE_ALL ON)
endif()

set(errors "")
macro(problem text)
  message(STATUS "FAIL: ${text}")
  string(APPEND errors "  ${text}\n")
endmacro()

foreach(var NM OBJDUMP BINARY LAYOUT TABLES_H)
  if(NOT ${var})
    message(FATAL_ERROR "check_rodata.cmake: -D${var}=... is required")
  endif()
endforeach()
set(files BINARY TABLES_H)
if(BASELINE)
  list(APPEND files BASELINE)
endif()
foreach(file IN LISTS files)
  if(NOT EXISTS "${${file}}")
    message(FATAL_ERROR "check_rodata.cmake: ${file} '${${file}}' does not exist")
  endif()
endforeach()

if(LAYOUT STREQUAL "fancy")
  set(expected ${COMMON_TABLES} ${FANCY_TABLES})
elseif(LAYOUT STREQUAL "compact")
  set(expected ${COMMON_TABLES} ${COMPACT_TABLES})
elseif(LAYOUT STREQUAL "kindergarten")
  set(expected ${COMMON_TABLES} ${KINDERGARTEN_TABLES})
elseif(LAYOUT STREQUAL "pext")
  set(expected ${COMMON_TABLES} ${PEXT_TABLES})
elseif(LAYOUT STREQUAL "pext_pdep")
  set(expected ${COMMON_TABLES} ${PEXT_PDEP_TABLES})
elseif(LAYOUT STREQUAL "dense")
  set(expected ${COMMON_TABLES} ${DENSE_TABLES})
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
set(all_known ${COMMON_TABLES} ${FANCY_TABLES} ${COMPACT_TABLES} ${KINDERGARTEN_TABLES} ${PEXT_TABLES}
    ${PEXT_PDEP_TABLES} ${DENSE_TABLES})
foreach(decl IN LISTS declarations)
  string(REGEX MATCH "[A-Za-z_][A-Za-z_0-9]*[ \t]*$" name "${decl}")
  string(STRIP "${name}" name)
  if(NOT name IN_LIST all_known)
    problem("tables.h declares FM_TABLE ${name}, unknown to tests/scripts/check_rodata.cmake: add it to a list there")
  endif()
  list(APPEND declared_names ${name})
endforeach()
foreach(name IN LISTS all_known)
  if(NOT name IN_LIST declared_names)
    problem("${name} is listed in tests/scripts/check_rodata.cmake but not declared FM_TABLE in tables.h")
  endif()
endforeach()
list(LENGTH declarations declared_count)
message(STATUS "tables.h declares ${declared_count} FM_TABLE tables; checking ${LAYOUT} layout")

# ---- 1b. The Xiangqi tables (-DXIANGQI_TABLES_H=src/xiangqi/tables.h), when built ---------
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
  message(STATUS "src/xiangqi/tables.h declares ${xiangqi_count} FM_TABLE tables; checking them too")
endif()

# ---- 2. Table symbols present and read-only ---------------------------------------------------
run_lines(nm_lines "${NM}" -S "${BINARY}")
foreach(line IN LISTS nm_lines)
  if(line MATCHES "^([0-9a-fA-F]+) (([0-9a-fA-F]+) )?([A-Za-z]) ([A-Za-z_][A-Za-z_0-9.]*)$")
    set(nm_address_${CMAKE_MATCH_5} "${CMAKE_MATCH_1}")
    set(nm_size_${CMAKE_MATCH_5} "${CMAKE_MATCH_3}")
    set(nm_type_${CMAKE_MATCH_5} "${CMAKE_MATCH_4}")
  endif()
endforeach()
if(DEFINED FLASH_START)
  math(EXPR flash_start "${FLASH_START}" OUTPUT_FORMAT HEXADECIMAL)
  math(EXPR flash_end "${FLASH_END}" OUTPUT_FORMAT HEXADECIMAL)
  math(EXPR flash_start_value "${FLASH_START}")
  math(EXPR flash_end_value "${FLASH_END}")
  message(STATUS "flash: [${flash_start}, ${flash_end})")
endif()
set(present 0)
foreach(name IN LISTS expected)
  if(NOT DEFINED nm_type_${name})
    if(REQUIRE_ALL)
      problem("table ${name} is missing from ${BINARY}")
    else()
      message(STATUS "info ${name}: not linked (this program never reads it)")
    endif()
    continue()
  endif()
  math(EXPR present "${present} + 1")
  math(EXPR address_value "0x${nm_address_${name}}") # decimal, for comparisons
  math(EXPR address "0x${nm_address_${name}}" OUTPUT_FORMAT HEXADECIMAL)
  if(NOT nm_type_${name} MATCHES "^[${READONLY_TYPES}]$")
    problem("table ${name} has nm type '${nm_type_${name}}' (writable section), want one of ${READONLY_TYPES}: is it declared without const?")
  elseif(DEFINED FLASH_START AND (address_value LESS flash_start_value OR
                                  NOT address_value LESS flash_end_value))
    problem("table ${name} is at ${address}, outside flash [${flash_start}, ${flash_end})")
  else()
    message(STATUS "ok   ${name}: ${nm_type_${name}} at ${address}")
  endif()
endforeach()
if(present EQUAL 0)
  problem("no table of the ${LAYOUT} layout is in ${BINARY}")
endif()
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
if(BASELINE)
  section_sizes("${BASELINE}" base)
else()
  foreach(section IN LISTS INIT_SECTIONS)
    set(base${section} 0)
  endforeach()
endif()
foreach(section IN LISTS INIT_SECTIONS)
  if(bin${section} GREATER base${section})
    problem("${section} of ${BINARY} is ${bin${section}} bytes, a trivial program has ${base${section}}: something registers a constructor")
  endif()
endforeach()
message(STATUS ".init_array: ${bin.init_array} bytes (trivial program: ${base.init_array})")

# Constructors compiled into the core libraries themselves, member by member.
foreach(library IN LISTS CORE_LIBRARIES)
  if(NOT EXISTS "${library}")
    continue()
  endif()
  run_lines(lines "${OBJDUMP}" -h "${library}")
  set(member "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^(.+):[ \t]+file format ")
      set(member "${CMAKE_MATCH_1}")
    elseif(line MATCHES "^ *[0-9]+ +([^ ]+) +([0-9a-fA-F]+) ")
      set(section "${CMAKE_MATCH_1}")
      math(EXPR bytes "0x${CMAKE_MATCH_2}")
      foreach(init IN LISTS INIT_SECTIONS)
        if(bytes GREATER 0 AND (section STREQUAL init OR section MATCHES "^\\${init}\\."))
          problem("${member} in ${library} has a ${section} section (${bytes} bytes)")
        endif()
      endforeach()
    endif()
  endforeach()
endforeach()

# ---- 4. RAM used by the program ---------------------------------------------------------------
if(SIZE)
  execute_process(COMMAND "${SIZE}" "${BINARY}" OUTPUT_VARIABLE size_text)
  message(STATUS "size:\n${size_text}")
endif()
math(EXPR ram "${bin.data} + ${bin.bss}")
set(excluded "")
foreach(name IN LISTS RAM_EXCLUDE)
  if(NOT nm_size_${name})
    problem("RAM_EXCLUDE symbol ${name} is not in ${BINARY} (or has no size)")
    continue()
  endif()
  math(EXPR bytes "0x${nm_size_${name}}")
  math(EXPR ram "${ram} - ${bytes}")
  string(APPEND excluded " - ${name} ${bytes}")
endforeach()
message(STATUS ".data ${bin.data} + .bss ${bin.bss}${excluded} = ${ram} bytes (limit ${MAX_RAM_BYTES})")
if(ram GREATER MAX_RAM_BYTES)
  problem(".data + .bss${excluded} = ${ram} bytes exceeds ${MAX_RAM_BYTES}: a table or buffer landed in RAM")
endif()

if(errors)
  message(FATAL_ERROR "tables_in_readonly_sections failed:\n${errors}")
endif()
message(STATUS "tables_in_readonly_sections: all ${LAYOUT} tables read-only, no constructors")
