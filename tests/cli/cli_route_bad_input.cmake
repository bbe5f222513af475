# Bad input to flitscope-cli route exits 2 with one stderr line naming the
# argument; a path that does not reach --to exits 1. Case arguments are
# separated by ^ (a ; would split the case list).
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/mesh.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "3x3x3 mesh",
 "topology": {"radix": [3, 3, 3], "wrap": [false, false, false]}}
]=])
file(WRITE "${WORK}/torus16.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "16x16 torus (too big for T3E tags)",
 "topology": {"radix": [16, 16], "wrap": [true, true]}}
]=])
set(S "${WORK}/mesh.json")
set(cases
  "--from: expected X,Y,Z|${S}^--from^1,x,0^--to^0,0,0"
  "--to: node is outside the topology|${S}^--from^0,0,0^--to^0,3,0"
  "--from: missing|${S}^--to^0,0,0"
  "--tag: expected 1..16 hex digits|${S}^--from^0,0,0^--to^1,0,0^--tag^0x12345678901234567"
  "--tag: expected 1..16 hex digits|${S}^--from^0,0,0^--to^1,0,0^--tag^nothex"
  "--special: expected 3 or 6 signed hop counts|${S}^--from^0,0,0^--special^1,2"
  "--special: replaces --to and --tag|${S}^--from^0,0,0^--to^1,0,0^--special^1,0,0"
  "SCENARIO: missing|--from^0,0,0^--to^1,0,0"
  "${WORK}/absent.json: cannot open file|${WORK}/absent.json^--from^0,0,0^--to^1,0,0"
  "--tag: the scenario routes by|${WORK}/torus16.json^--from^0,0^--to^1,0^--tag^0x0")
foreach(c IN LISTS cases)
  cli_split_case("${c}" expected argv)
  execute_process(COMMAND "${CLI}" route ${argv}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  string(FIND "${err}" "\n" newline)
  string(FIND "${err}" "flitscope-cli route: ${expected}" pos)
  if(NOT rc EQUAL 2 OR NOT pos EQUAL 0 OR NOT newline EQUAL -1)
    message(FATAL_ERROR "route ${argv}: exit ${rc}, stderr '${err}', expected 2 and '${expected}'")
  endif()
endforeach()

# A tag going -X from X=0 of a mesh leaves the topology: exit 1, reported.
execute_process(COMMAND "${CLI}" route "${S}" --from 0,0,0 --to 2,0,0 --tag 0x0000000300000082
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "outcome: misroute: the route leaves the topology" pos)
if(NOT rc EQUAL 1 OR pos EQUAL -1)
  message(FATAL_ERROR "misroute: exit ${rc}\n${out}\n${err}")
endif()
