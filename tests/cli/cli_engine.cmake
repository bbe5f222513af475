# flitscope-cli --engine (docs/cli.md): there is one engine since the merge
# of Simulator and LeanSimulator; --engine is still accepted for one release,
# ignored, with one line on stderr, and the summary is the one without it.
# No output names an engine any more (issue 42, item 12: `run` printed
# "engine general"): no `engine` line in the table, no "engine" key in the
# JSON of run and sweep.
# A deadlock is reported by the run that found it (no re-run).
cmake_policy(SET CMP0054 NEW)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
macro(expect_run code)
  cli_expect(${code} ${ARGN})
endmacro()

# The summary without the keys that differ between two identical runs.
function(comparable json outvar)
  foreach(key wallSeconds nodeCyclesPerSecond)
    string(JSON json REMOVE "${json}" ${key})
  endforeach()
  set(${outvar} "${json}" PARENT_SCOPE)
endfunction()

set(ARGS ${PRESETS}/generic-8x8x8.json --cycles 2000 --warmup 500 --json)
expect_run(0 run ${ARGS})
if(NOT err STREQUAL "")
  message(FATAL_ERROR "without --engine nothing goes to stderr, got: ${err}")
endif()
string(JSON engine ERROR_VARIABLE noEngine GET "${out}" engine)
if(NOT noEngine)
  message(FATAL_ERROR "run --json: a stale \"engine\" key (${engine})")
endif()
comparable("${out}" plain)
foreach(choice auto general lean)
  expect_run(0 run ${ARGS} --engine ${choice})
  string(STRIP "${err}" line)
  if(NOT line MATCHES "^flitscope-cli: --engine is deprecated and ignored" OR line MATCHES "\n")
    message(FATAL_ERROR "--engine ${choice}: expected one deprecation line, got: ${err}")
  endif()
  comparable("${out}" withEngine)
  if(NOT withEngine STREQUAL plain)
    message(FATAL_ERROR "--engine ${choice} changed the summary")
  endif()
endforeach()
expect_run(0 sweep ${PRESETS}/generic-8x8x8.json --rates 0.1:0.1:0.1 --cycles 300 --warmup 100 --engine lean --json)
if(NOT err MATCHES "--engine is deprecated and ignored")
  message(FATAL_ERROR "sweep --engine: no deprecation line: ${err}")
endif()
string(JSON engine ERROR_VARIABLE noEngine GET "${out}" engine)
if(NOT noEngine)
  message(FATAL_ERROR "sweep --json: a stale \"engine\" key (${engine})")
endif()
expect_run(0 run ${PRESETS}/generic-8x8x8.json --cycles 500 --warmup 100)
if(out MATCHES "(^|\n)engine " OR NOT out MATCHES "\narbiter +roundRobin\n")
  message(FATAL_ERROR "run: the table has a stale engine line or lost its arbiter line:\n${out}")
endif()

# A ring of 4 without datelines deadlocks (Dally & Seitz Figure 1): the run
# that deadlocks reports the cycle.
set(RING ${CMAKE_CURRENT_LIST_DIR}/data/ring-no-datelines.json)
expect_run(1 run ${RING} --cycles 100000 --json)
string(JSON deadlock GET "${out}" deadlock)
string(JSON report GET "${out}" deadlockReport)
if(NOT deadlock OR report STREQUAL "")
  message(FATAL_ERROR "deadlock not reported:\n${out}")
endif()
