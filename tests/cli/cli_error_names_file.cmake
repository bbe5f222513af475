# A scenario or recording that cannot be used is named in the error as the
# person typed it, before the field: "flitscope-cli run: t.json:
# scenario.topology.radix[1]: must be 2..64, got 0" (issue 42, item 12: the
# errors said "SCENARIO" instead of the file). Every command, one line on
# stderr, exit 2, the file named once.
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/radix0.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "radix 0",
 "topology": {"radix": [4, 0], "wrap": [true, true]}}
]=])
file(WRITE "${WORK}/not-json.json" "{\"format\":\n")
file(WRITE "${WORK}/random-ties.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "random ties",
 "topology": {"radix": [8], "wrap": [true]},
 "routing": {"algorithm": "dimension-order", "tieRule": "random"}}
]=])
# A recording whose timeline names a link the machine does not have.
file(WRITE "${WORK}/bad-recording.json" [=[
{"flitscopeRecording": 1, "cycles": 100, "warmupCycles": 0,
 "scenario": {"format": "flitscope-scenario", "version": 1, "name": "4x4",
              "topology": {"radix": [4, 4], "wrap": [true, true]}},
 "timeline": [{"cycle": 10, "failLink": "9,9:+X"}]}
]=])

# expect_file_error(FILE EXPECTED COMMAND ARGS...): exit 2, one stderr line
# "flitscope-cli COMMAND: FILE: EXPECTED...", no "SCENARIO" or "RECORDING".
function(expect_file_error file expected command)
  cli_expect(2 ${command} "${file}" ${ARGN})
  string(STRIP "${err}" line)
  set(head "flitscope-cli ${command}: ${file}: ${expected}")
  string(FIND "${line}" "${head}" pos)
  string(FIND "${line}" "\n" newline)
  string(FIND "${line}" "${file}: ${file}" twice)
  if(NOT pos EQUAL 0 OR NOT newline EQUAL -1 OR NOT twice EQUAL -1 OR line MATCHES "SCENARIO|RECORDING")
    message(FATAL_ERROR "${command} ${file} ${ARGN}: stderr '${err}', expected one line '${head}...'")
  endif()
endfunction()

set(radix "scenario.topology.radix[1]: must be 2..64, got 0")
expect_file_error("${WORK}/radix0.json" "${radix}" run)
expect_file_error("${WORK}/radix0.json" "${radix}" sweep --rates 0.1:0.1:0.1)
expect_file_error("${WORK}/radix0.json" "${radix}" route --from 0,0 --to 1,1)
expect_file_error("${WORK}/radix0.json" "${radix}" check)
expect_file_error("${WORK}/radix0.json" "${radix}" describe)
expect_file_error("${WORK}/radix0.json" "${radix}" barrier)
expect_file_error("${WORK}/radix0.json" "${radix}" tune-age)
expect_file_error("${WORK}/radix0.json" "${radix}" optimize-vc --out "${WORK}/out.json")
expect_file_error("${WORK}/not-json.json" "scenario: not valid JSON" run)
# A file that cannot be opened is named once (the reader names it already).
expect_file_error("${WORK}/absent.json" "cannot open file" run)
expect_file_error("${WORK}/absent.json" "cannot open file" check)
# Errors found after loading name the file too: VC balance and the optimizer
# need a fixed route per pair.
expect_file_error("${WORK}/random-ties.json" "routing.tieRule" check --vc-balance)
expect_file_error("${WORK}/random-ties.json" "routing.tieRule" optimize-vc --out "${WORK}/out.json")
expect_file_error("${WORK}/bad-recording.json" "recording.timeline[0]" run)
# A fat-tree given to a command for k-ary n-cubes; a torus file named
# relative to the working folder is named as typed.
expect_file_error("${PRESETS}/transit-64.json" "a fat-tree scenario" route --from 0 --to 1)
expect_file_error("${PRESETS}/transit-64.json" "a fat-tree scenario" tune-age)
file(WRITE "${WORK}/ft-bad.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "bad fat-tree",
 "topology": {"family": "fatTree", "endpoints": 3}}
]=])
expect_file_error("${WORK}/ft-bad.json" "scenario.topology" run)
expect_file_error("${WORK}/ft-bad.json" "scenario.topology" describe)
expect_file_error("${WORK}/ft-bad.json" "scenario.topology" sweep --rates 0.1:0.1:0.1)
execute_process(COMMAND "${CLI}" run radix0.json WORKING_DIRECTORY "${WORK}"
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err STREQUAL "flitscope-cli run: radix0.json: ${radix}\n")
  message(FATAL_ERROR "run radix0.json (relative): exit ${rc}, stderr '${err}'")
endif()
# Without a file there is nothing to name but the argument.
cli_expect(2 run)
if(NOT err STREQUAL "flitscope-cli run: missing SCENARIO argument\n")
  message(FATAL_ERROR "run without a scenario: '${err}'")
endif()
