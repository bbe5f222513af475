# flitscope-cli --engine (docs/cli.md): the lean engine gives the same summary
# as the general one, auto picks it where it models the scenario, lean refuses
# a scenario it cannot run with one line naming the setting, and a deadlock
# on the lean engine is run again on Simulator for its report.
cmake_policy(SET CMP0054 NEW)  # "lean" in if() is a string, not the variable
function(expect_run code)
  execute_process(COMMAND ${CLI} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "${ARGN}: exit ${rc}, expected ${code}\nstdout: ${out}\nstderr: ${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

# The summary without the keys that may differ (time, speed, which engine).
function(comparable json outvar)
  foreach(key engine wallSeconds nodeCyclesPerSecond)
    string(JSON json REMOVE "${json}" ${key})
  endforeach()
  set(${outvar} "${json}" PARENT_SCOPE)
endfunction()

set(DIMORDER ${CMAKE_CURRENT_LIST_DIR}/data/dimension-order-4x4x4.json)
foreach(args "${PRESETS}/generic-8x8x8.json;--cycles;3000"
             "${DIMORDER};--cycles;3000;--rate;0.35;--pattern;tornado;--seed;4")
  expect_run(0 run ${args} --json)
  string(JSON engine GET "${out}" engine)
  if(NOT engine STREQUAL "lean")
    message(FATAL_ERROR "auto should pick the lean engine for ${args}, got ${engine}")
  endif()
  comparable("${out}" leanJson)
  expect_run(0 run ${args} --json --engine general)
  string(JSON engine GET "${out}" engine)
  if(NOT engine STREQUAL "general")
    message(FATAL_ERROR "--engine general ran ${engine}")
  endif()
  comparable("${out}" generalJson)
  if(NOT leanJson STREQUAL generalJson)
    message(FATAL_ERROR "lean and general summaries differ for ${args}:\n${leanJson}\n---\n${generalJson}")
  endif()
endforeach()

# sweep: every point the same on both engines.
expect_run(0 sweep ${DIMORDER} --rates 0.1:0.5:0.2 --cycles 1000 --json)
string(JSON engine GET "${out}" engine)
string(JSON leanPoints GET "${out}" points)
expect_run(0 sweep ${DIMORDER} --rates 0.1:0.5:0.2 --cycles 1000 --json --engine general)
string(JSON generalPoints GET "${out}" points)
if(NOT engine STREQUAL "lean" OR NOT leanPoints STREQUAL generalPoints)
  message(FATAL_ERROR "sweep (${engine}): points differ:\n${leanPoints}\n---\n${generalPoints}")
endif()

# Outside the lean engine's family: auto runs Simulator; lean refuses.
expect_run(0 run ${PRESETS}/t3e-8x8x8.json --cycles 200 --warmup 0 --json)
string(JSON engine GET "${out}" engine)
if(NOT engine STREQUAL "general")
  message(FATAL_ERROR "T3E preset ran on ${engine}")
endif()
expect_run(2 run ${PRESETS}/t3e-8x8x8.json --engine lean)
string(STRIP "${err}" line)
if(NOT line MATCHES "--engine: lean cannot run this scenario: routing.algorithm" OR line MATCHES "\n")
  message(FATAL_ERROR "expected one line naming routing.algorithm, got: ${err}")
endif()
expect_run(2 run ${PRESETS}/generic-8x8x8.json --engine lean --fail-link 0,0,0:+X)
if(NOT err MATCHES "--fail-link")
  message(FATAL_ERROR "faults while running should need the general engine: ${err}")
endif()
expect_run(2 run ${PRESETS}/generic-8x8x8.json --engine turbo)
string(STRIP "${err}" line)
if(NOT line MATCHES "--engine: expected auto, general or lean, got 'turbo'" OR line MATCHES "\n")
  message(FATAL_ERROR "bad --engine: ${err}")
endif()

# A ring of 4 without datelines deadlocks (Dally & Seitz Figure 1): the lean
# engine's watchdog stops it, Simulator runs it again and reports the cycle.
file(WRITE ${WORK}/ring.json [=[
{"format": "flitscope-scenario", "version": 1, "name": "ring without datelines",
 "topology": {"radix": [4], "wrap": [true]},
 "router": {"vcCount": 2, "vcClasses": 1, "vcDepthFlits": 2, "flowControl": "wormhole",
            "watchdogCycles": 500},
 "routing": {"algorithm": "dimension-order", "datelines": [null]},
 "traffic": {"pattern": "uniform", "rateFlitsPerNodeCycle": 1.0, "packetFlits": 6}}
]=])
expect_run(1 run ${WORK}/ring.json --cycles 100000 --json)
string(JSON engine GET "${out}" engine)
string(JSON deadlock GET "${out}" deadlock)
string(JSON report GET "${out}" deadlockReport)
if(NOT engine STREQUAL "general" OR NOT deadlock OR report STREQUAL "")
  message(FATAL_ERROR "deadlock on the lean engine not reported:\n${out}")
endif()
