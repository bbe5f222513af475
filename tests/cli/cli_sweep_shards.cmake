# flitscope-cli sweep --shard I/N and sweep-merge (docs/cli.md, docs/cluster.md):
# the N parts of a sweep, merged, print byte for byte what one sweep prints
# (table, CSV, JSON), for the torus (a sweep that stops at its knee, one past
# it, one that deadlocks) and the fat-tree, with more parts than points too.
# Merging parts of different sweeps, a missing part, a duplicate or a file
# that is not a part exits 2 naming the file; so does a bad --shard.
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# part(OUT I N ARGS...): sweep ARGS --shard I/N into the file OUT.
function(part out i n)
  execute_process(COMMAND ${CLI} sweep ${ARGN} --shard ${i}/${n} --jobs 2
    RESULT_VARIABLE rc OUTPUT_FILE ${out} ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sweep ${ARGN} --shard ${i}/${n}: exit ${rc}\n${err}")
  endif()
endfunction()

set(RING ${CMAKE_CURRENT_LIST_DIR}/data/ring-no-datelines.json)
# name|shard counts|arguments
set(cases
  "teaching|1 3 4|${PRESETS}/teaching-4x4x4.json --rates 0:1:0.05 --cycles 400 --warmup 100"
  "past|3|${PRESETS}/teaching-4x4x4.json --rates 0.1:0.6:0.1 --cycles 300 --warmup 100 --past-saturation --seed 7"
  "deadlock|2|${RING} --rates 0.1:1:0.1 --cycles 20000"
  "fattree|2 3|${PRESETS}/transit-64.json --rates 0.01:0.1:0.03 --cycles 300 --warmup 100"
  "few|4|${PRESETS}/teaching-4x4x4.json --rates 0.1:0.2:0.1 --cycles 200 --warmup 50")
foreach(case IN LISTS cases)
  string(REPLACE "|" ";" fields "${case}")
  list(GET fields 0 name)
  list(GET fields 1 countText)
  list(GET fields 2 argText)
  separate_arguments(args UNIX_COMMAND "${argText}")
  separate_arguments(counts UNIX_COMMAND "${countText}")
  foreach(format table --json --csv)
    set(formatArg ${format})
    if(format STREQUAL "table")
      set(formatArg "")
    endif()
    execute_process(COMMAND ${CLI} sweep ${args} ${formatArg} --jobs 1
      RESULT_VARIABLE rc OUTPUT_VARIABLE expected ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${name}: sweep exit ${rc}\n${err}")
    endif()
    foreach(n IN LISTS counts)
      set(parts "")
      math(EXPR last "${n} - 1")
      foreach(i RANGE ${last})
        set(file ${WORK}/${name}${format}-${i}-of-${n}.json)
        part(${file} ${i} ${n} ${args} ${formatArg})
        list(PREPEND parts ${file})  # given in reverse: the order does not matter
      endforeach()
      execute_process(COMMAND ${CLI} sweep-merge ${parts}
        RESULT_VARIABLE rc OUTPUT_VARIABLE merged ERROR_VARIABLE err)
      if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${name} ${format}: sweep-merge of ${n} parts: exit ${rc}\n${err}")
      endif()
      if(NOT merged STREQUAL expected)
        message(FATAL_ERROR "${name} ${format}: ${n} parts merged differ from one sweep:\n${merged}\n---\n${expected}")
      endif()
    endforeach()
  endforeach()
endforeach()

# expect_merge_error(PATTERN PART...): exit 2, one line matching PATTERN.
function(expect_merge_error pattern)
  execute_process(COMMAND ${CLI} sweep-merge ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${err}" line)
  if(NOT rc EQUAL 2 OR NOT line MATCHES "${pattern}" OR line MATCHES "\n")
    message(FATAL_ERROR "sweep-merge ${ARGN}: exit ${rc}, expected 2 and one line matching '${pattern}':\n${err}")
  endif()
endfunction()
set(P0 ${WORK}/teaching--csv-0-of-3.json)
set(P1 ${WORK}/teaching--csv-1-of-3.json)
set(P2 ${WORK}/teaching--csv-2-of-3.json)
expect_merge_error("^flitscope-cli sweep-merge: part 1/3 is missing \\(2 of 3 parts given\\)$" ${P0} ${P2})
expect_merge_error("^flitscope-cli sweep-merge: .*teaching--csv-0-of-3.json: part 0/3 again \\(also .*teaching--csv-0-of-3.json\\)$"
  ${P0} ${P1} ${P0} ${P2})
# Another format is another sweep's part; so is another scenario file.
expect_merge_error("^flitscope-cli sweep-merge: .*teaching--json-1-of-3.json: a part of another sweep than .*teaching--csv-0-of-3.json \\(its arguments differ\\)$"
  ${P0} ${WORK}/teaching--json-1-of-3.json ${P2})
file(READ ${PRESETS}/teaching-4x4x4.json text)
file(WRITE ${WORK}/edited.json "${text}\n")  # the same scenario, one byte more: another file
part(${WORK}/edited-1.json 1 3 ${WORK}/edited.json --rates 0:1:0.05 --cycles 400 --warmup 100 --csv)
expect_merge_error("^flitscope-cli sweep-merge: .*edited-1.json: a part of another sweep than .* \\(its scenario file differs\\)$"
  ${P0} ${WORK}/edited-1.json ${P2})
expect_merge_error("^flitscope-cli sweep-merge: .*teaching--csv-0-of-4.json: a part of another sweep than .* \\(it is one of 4 parts, .* one of 3\\)$"
  ${P1} ${WORK}/teaching--csv-0-of-4.json)
expect_merge_error("^flitscope-cli sweep-merge: .*teaching-4x4x4.json: not a part of a sweep" ${P0} ${PRESETS}/teaching-4x4x4.json)
expect_merge_error("^flitscope-cli sweep-merge: .*nothing.json: cannot open file$" ${P0} ${WORK}/nothing.json)
expect_merge_error("^flitscope-cli sweep-merge: no parts given")
# A part edited by hand: named with the rate whose summary is broken, and
# the key it lacks (make asan found const operator[] reading a missing key:
# an assertion in a Debug build, undefined behaviour in a release build).
file(READ ${P1} partText)
string(REPLACE "\"latency\"" "\"latenzy\"" partText "${partText}")
file(WRITE ${WORK}/broken-1.json "${partText}")
expect_merge_error("^flitscope-cli sweep-merge: .*broken-1.json: points: the summary of rate 1: .*key 'latency' not found$" ${P0} ${WORK}/broken-1.json ${P2})

# A key of the wrong type is named.
file(READ ${P1} partText)
string(REGEX REPLACE "\"shards\": 3" "\"shards\": \"3\"" partText "${partText}")
file(WRITE ${WORK}/typed-1.json "${partText}")
expect_merge_error("^flitscope-cli sweep-merge: .*typed-1.json: shards: missing or of the wrong type$" ${P0} ${WORK}/typed-1.json ${P2})

foreach(bad 1/1 3/2 0/0 -1/2 1 a/b 0/10001 "")
  execute_process(COMMAND ${CLI} sweep ${PRESETS}/teaching-4x4x4.json --rates 0.1:0.2:0.1 --shard "${bad}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${err}" line)
  if(NOT rc EQUAL 2 OR NOT line MATCHES "^flitscope-cli sweep: --shard: " OR line MATCHES "\n")
    message(FATAL_ERROR "--shard '${bad}': exit ${rc}, expected 2 and one line naming --shard: ${err}")
  endif()
endforeach()
