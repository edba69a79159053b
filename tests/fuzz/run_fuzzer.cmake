# Run one libFuzzer target for a bounded time from the checked-in corpus and fail on any
# finding. New inputs go to a scratch corpus in the build tree (the first directory libFuzzer
# is given), never into the source tree; a crashing input is saved as WORK/NAME-crash-*.
# -DFUZZER=<binary> -DNAME=<target> -DSECONDS=<n> -DCORPUS=<dir> -DDICTIONARY=<file> -DWORK=<dir>
file(MAKE_DIRECTORY ${WORK}/${NAME})
set(options -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
            -artifact_prefix=${WORK}/${NAME}-)
if(EXISTS ${DICTIONARY})
  list(APPEND options -dict=${DICTIONARY})
endif()
execute_process(COMMAND ${FUZZER} ${options} ${WORK}/${NAME} ${CORPUS} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NAME}: the fuzzer found a problem (exit ${rc}); the input is in ${WORK}")
endif()
