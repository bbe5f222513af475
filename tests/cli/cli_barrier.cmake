# flitscope-cli barrier: one barrier/eureka on an idle network over the T3E's
# virtual barrier/eureka networks (seed 000_bcf8236523569157.txt, section 6,
# Figure 6). JSON keys, the T3E 8x8x8 figures (min-depth tree of depth 12,
# 86 cycles against a Get round trip simulated on the same machine and load:
# 116 cycles idle, 114 by the zero-load formula for one-flit packets plus
# the second flit of the request and of the response), a failed node
# leaving, a scenario sync tree as defaults, and bad input exiting 2 with one
# stderr line naming the argument. Case arguments are separated by ^.
cmake_policy(VERSION 3.22)
file(MAKE_DIRECTORY "${WORK}")
set(T3E "${PRESETS}/t3e-8x8x8.json")

include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
macro(expect_barrier code)  # flitscope-cli barrier ...
  cli_expect(${code} barrier ${ARGN})
endmacro()

function(expect_key key value)
  string(JSON v GET "${out}" ${key})
  if(NOT "${v}" STREQUAL "${value}")
    message(FATAL_ERROR "${key}: got ${v}, expected ${value}\n${out}")
  endif()
endfunction()

# All 512 PEs, minimum depth: 7 + 12 * 3 up + 12 * 3 down + 7.
expect_barrier(0 "${T3E}" --json)
expect_key(treeDepth 12)
expect_key(maxFanOut 6)
expect_key(barrierLatencyCycles 86)
expect_key(barrierPackets 2046)
# Section 6: "this scheme keeps global barrier/eureka latency to less than
# that of a single remote memory reference". The Get (a 2-flit request and
# its 2-flit response, T3E packet table) simulated between the two most
# distant PEs, (0,0,0) and (4,4,4), on the idle machine.
expect_key(getRoundTripCycles 116)
expect_key(getRoundTripZeroLoadCycles 114)
string(JSON model GET "${out}" getRoundTripModel)
if(NOT model MATCHES "^simulated")
  message(FATAL_ERROR "getRoundTripModel: ${model}\n${out}")
endif()

# Dimension ordered from the corner: depth 3 * 7.
expect_barrier(0 "${T3E}" --json --shape dimension)
expect_key(treeDepth 21)
expect_key(maxFanOut 3)

# A failed node leaves; a eureka on a partition.
expect_barrier(0 "${T3E}" --json --eureka --participants 0-3,0-3,0-3 --fail-node 1,1,1 --bsu 31)
expect_key(participants 63)
expect_key(operation eureka)
string(JSON reason GET "${out}" left 0 reason)
if(NOT reason STREQUAL "node failed")
  message(FATAL_ERROR "left[0].reason: ${reason}\n${out}")
endif()

# Text output names the figures.
expect_barrier(0 "${T3E}")
foreach(text "tree depth 12, max fan-out 6" "barrier latency 86 cycles" "packets sent 2046"
             "(0,0,0) and (4,4,4): 116 cycles (simulated; zero-load formula 114)")
  string(FIND "${out}" "${text}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "text output lacks '${text}':\n${out}")
  endif()
endforeach()

# The scenario's sync tree for the BSU gives the defaults.
file(WRITE "${WORK}/sync.json" [=[
{"format": "flitscope-scenario", "version": 1, "topology": {"radix": [4, 4, 4]},
 "sync": {"trees": [{"bsu": 2, "participants": "0-1,0-1,0-1", "shape": "dimension", "root": "0,0,0"}]}}
]=])
expect_barrier(0 "${WORK}/sync.json" --json --bsu 2)
expect_key(participants 8)
expect_key(treeDepth 3)

# --load: in the simulator beside data traffic. Highest priority, never
# blocked (section 6): the same 86 cycles as on the idle network.
expect_barrier(0 "${T3E}" --json --load 0.5)
expect_key(barrierLatencyCycles 86)
expect_key(barrierPackets 2046)
expect_key(load 0.5)
string(JSON transport GET "${out}" transport)
string(JSON dataLatency GET "${out}" dataLatencyMeanCycles)
if(NOT transport MATCHES "^simulator" OR dataLatency LESS 20)
  message(FATAL_ERROR "--load: transport '${transport}', data latency ${dataLatency}\n${out}")
endif()
# The Get on the same load queues behind the data; the barrier does not.
string(JSON get GET "${out}" getRoundTripCycles)
if(NOT get GREATER 200)
  message(FATAL_ERROR "--load 0.5: the Get took ${get} cycles, expected more than 200 (it queues)\n${out}")
endif()

# run --trace: a barrier loop's events on the barrier networks' own track
# (docs/cli.md "Trace export"): states, hops, arrivals, completions with
# their latency.
file(WRITE "${WORK}/sync-loop.json" [=[
{"format": "flitscope-scenario", "version": 1, "topology": {"radix": [4, 4, 4]},
 "sync": {"trees": [{"bsu": 0}], "workload": {"bsu": 0, "computeCycles": 50}}}
]=])
cli_expect(0 run "${WORK}/sync-loop.json" --cycles 600 --warmup 0 --trace "${WORK}/sync-loop.trace.json")
file(READ "${WORK}/sync-loop.trace.json" trace)
foreach(text "\"name\":\"barrier networks\"" "\"name\":\"BSU 0\"" "\"name\":\"bsuState\"" "\"name\":\"syncHop\""
             "\"name\":\"syncArrive\"" "\"name\":\"barrierComplete\"" "\"latencyCycles\":")
  string(FIND "${trace}" "${text}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "run --trace on a scenario with a barrier tree lacks ${text}")
  endif()
endforeach()
string(JSON n LENGTH "${trace}" traceEvents)
if(n LESS 1000)
  message(FATAL_ERROR "run --trace: ${n} events")
endif()

set(cases
  "--load: expected a rate in flits/node/cycle within 0..1|${T3E}^--load^2"
  "--participants: \"0-9,0,0\" dimension 0|${T3E}^--participants^0-9,0,0"
  "--shape: must be dimension or min-depth|${T3E}^--shape^star"
  "--root: expected 3 coordinates|${T3E}^--root^1,1"
  "--bsu: expected an integer 0..31|${T3E}^--bsu^32"
  "--fail-node: node is outside the topology|${T3E}^--fail-node^8,0,0"
  "--fail-link: expected 3 coordinates|${T3E}^--fail-link^1,0:+Y"
  "--participants: no live participant|${T3E}^--participants^1,1,1^--fail-node^1,1,1")
foreach(c IN LISTS cases)
  cli_split_case("${c}" expected argv)
  execute_process(COMMAND "${CLI}" barrier ${argv} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  string(FIND "${err}" "\n" newline)
  string(FIND "${err}" "flitscope-cli barrier: ${expected}" pos)
  if(NOT rc EQUAL 2 OR NOT pos EQUAL 0 OR NOT newline EQUAL -1)
    message(FATAL_ERROR "barrier ${argv}: exit ${rc}, stderr '${err}', expected 2 and '${expected}'")
  endif()
endforeach()
