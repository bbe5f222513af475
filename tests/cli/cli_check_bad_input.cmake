# Bad input to flitscope-cli check exits 2 with one stderr line naming the
# argument. Case arguments are separated by ^.
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/torus.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "4x4x4",
 "topology": {"radix": [4, 4, 4], "wrap": [true, true, true]},
 "routing": {"algorithm": "direction-order"}}
]=])
file(WRITE "${WORK}/mesh.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "3x3 mesh",
 "topology": {"radix": [3, 3], "wrap": [false, false]}}
]=])
set(S "${WORK}/torus.json")
set(cases
  "--fail-link: direction must be one of|${S}^--fail-link^1,2,0:+Q"
  "--fail-link:|${S}^--fail-link^1,2"
  "--fail-link:|${WORK}/mesh.json^--fail-link^2,0:+X"
  "--fail-node: node is outside the topology|${S}^--fail-node^9,9,9"
  "--fail-node:|${S}^--fail-node^a,b"
  "SCENARIO: missing|--fail-node^0,0,0"
  "${WORK}/absent.json: cannot open file|${WORK}/absent.json")
foreach(c IN LISTS cases)
  cli_split_case("${c}" expected argv)
  execute_process(COMMAND "${CLI}" check ${argv}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  string(FIND "${err}" "\n" newline)
  string(FIND "${err}" "flitscope-cli check: ${expected}" pos)
  if(NOT rc EQUAL 2 OR NOT pos EQUAL 0 OR NOT newline EQUAL -1)
    message(FATAL_ERROR "check ${argv}: exit ${rc}, stderr '${err}', expected 2 and '${expected}'")
  endif()
endforeach()
