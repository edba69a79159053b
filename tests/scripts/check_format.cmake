# The C sources are formatted as .clang-format says: `clang-format --dry-run --Werror` over
# src/, include/ and tests/ (generated/ has its own .clang-format that disables formatting).
#
#   cmake -DCLANG_FORMAT=clang-format -DSOURCE_DIR=<repo> -P check_format.cmake
cmake_minimum_required(VERSION 3.20)

file(GLOB_RECURSE files "${SOURCE_DIR}/src/*.[ch]" "${SOURCE_DIR}/include/*.h" "${SOURCE_DIR}/tests/*.[ch]")
list(FILTER files EXCLUDE REGEX "/tests/fuzz/corpus/")
list(LENGTH files count)
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${files}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "files that clang-format would change (run clang-format -i on them):\n${err}")
endif()
message(STATUS "${count} C files formatted as .clang-format says")
