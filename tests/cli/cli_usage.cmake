# flitscope-cli with no arguments prints its usage on stderr and exits 2;
# --help prints it on stdout and exits 0; --version its version and formats. A coordinate with fewer components
# than the topology has dimensions is an error naming the option (exit 2),
# not a quiet 0 for the missing ones.
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
execute_process(COMMAND "${CLI}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${err}" "usage: flitscope-cli COMMAND" pos)
if(NOT rc EQUAL 2 OR NOT pos EQUAL 0)
  message(FATAL_ERROR "no arguments: exit ${rc}, stderr '${err}', expected 2 and the usage")
endif()
execute_process(COMMAND "${CLI}" --help RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "usage: flitscope-cli COMMAND" pos)
if(NOT rc EQUAL 0 OR NOT pos EQUAL 0)
  message(FATAL_ERROR "--help: exit ${rc}, stdout '${out}', expected 0 and the usage")
endif()
# --version: the version and the file formats it reads (issue 39).
execute_process(COMMAND "${CLI}" --version RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^flitscope-cli [0-9]+\\.[0-9]+\\.[0-9]+\nscenario format [0-9]+, recording format [0-9]+\n$")
  message(FATAL_ERROR "--version: exit ${rc}, stdout '${out}', expected 0, the version and the formats")
endif()
execute_process(COMMAND "${CLI}" --help RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
# Every command the usage lists (the rows of kCliCommands) answers --help and
# has its section in docs/cli.md.
file(READ "${PRESETS}/../../docs/cli.md" cli_doc)
string(REGEX MATCHALL "\n  [a-z-]+ " listed "${out}")
list(LENGTH listed count)
if(count LESS 8)
  message(FATAL_ERROR "--help lists ${count} commands:\n${out}")
endif()
foreach(line IN LISTS listed)
  string(STRIP "${line}" command)
  execute_process(COMMAND "${CLI}" ${command} --help RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${command} --help: exit ${rc}")
  endif()
  string(FIND "${cli_doc}" "\n## ${command}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "docs/cli.md has no section '## ${command}'")
  endif()
endforeach()

set(T "${PRESETS}/teaching-4x4x4.json")
set(cases
  "route: --from: expected 3 coordinates (X,Y,Z) for a 3D topology, got 2 in \"0,0\"|route^${T}^--from^0,0^--to^1,0,0"
  "route: --to: expected 3 coordinates (X,Y,Z) for a 3D topology, got 1 in \"1\"|route^${T}^--from^0,0,0^--to^1"
  "run: --fail-node: expected 3 coordinates|run^${T}^--cycles^10^--fail-node^1,0"
  "run: --fail-link: expected 3 coordinates (X,Y,Z) for a 3D topology, got 2 in \"1,0:+Y\"|run^${T}^--cycles^10^--fail-link^1,0:+Y")
foreach(c IN LISTS cases)
  cli_split_case("${c}" expected argv)
  execute_process(COMMAND "${CLI}" ${argv} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  string(FIND "${err}" "flitscope-cli ${expected}" pos)
  if(NOT rc EQUAL 2 OR NOT pos EQUAL 0)
    message(FATAL_ERROR "${argv}: exit ${rc}, stderr '${err}', expected 2 and 'flitscope-cli ${expected}'")
  endif()
endforeach()
# Enough coordinates still work.
execute_process(COMMAND "${CLI}" route "${T}" --from 0,0,0 --to 1,0,0 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "route 0,0,0 -> 1,0,0: exit ${rc}\n${err}")
endif()
