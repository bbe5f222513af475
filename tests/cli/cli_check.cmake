# flitscope-cli check: rebuilt tables, dependency-graph verdict, unreachable
# pairs, exit 0/1 (T3E paper sections 2.1 Figure 4 and 9; Dally & Seitz
# Theorem 1).
cmake_policy(VERSION 3.22)
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/t3e444.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "T3E-style 4x8x4",
 "topology": {"radix": [4, 8, 4], "wrap": [true, true, true]},
 "routing": {"algorithm": "direction-order", "adaptive": true}}
]=])
file(WRITE "${WORK}/nodateline.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "no X dateline",
 "topology": {"radix": [4, 4, 4], "wrap": [true, true, true]},
 "routing": {"algorithm": "direction-order", "datelines": [null, 0, 0]}}
]=])
set(S "${WORK}/t3e444.json")

function(run_check expected_rc)
  execute_process(COMMAND "${CLI}" check ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "check ${ARGN}: exit ${rc}, expected ${expected_rc}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

function(expect_text text)
  string(FIND "${out}" "${text}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "expected '${text}' in:\n${out}")
  endif()
endfunction()

# Healthy machine: acyclic, everything reachable, nothing rerouted.
run_check(0 "${S}")
expect_text("deadlock-free: yes")
expect_text("unreachable pairs: 0")
expect_text("route tables: 0 entries rerouted")
expect_text("verdict: OK")

# Figure 4: two broken Y links cut (1,3..5,2) off its Y ring; still reached.
run_check(0 "${S}" --fail-link 1,2,2:+Y --fail-link 1,5,2:+Y --json)
string(JSON free GET "${out}" deadlockFree)
string(JSON unreachable GET "${out}" unreachablePairs)
string(JSON rerouted GET "${out}" reroutedEntries)
string(JSON links LENGTH "${out}" failedLinks)
string(JSON adaptiveOff GET "${out}" adaptiveDisabledEntries)
if(NOT free STREQUAL "ON" OR NOT unreachable EQUAL 0 OR rerouted LESS 1 OR NOT links EQUAL 2
   OR adaptiveOff LESS 1)
  message(FATAL_ERROR "Figure 4 case: deadlockFree=${free} unreachable=${unreachable} "
                      "rerouted=${rerouted} links=${links} adaptiveOff=${adaptiveOff}\n${out}")
endif()

# A failed node is routed around; pairs with it are not "unreachable".
run_check(0 "${S}" --fail-node 2,3,1)
expect_text("failed nodes: 1")
expect_text("unreachable pairs: 0")

# A node with all six links failed cannot be reached: listed, exit 1.
run_check(1 "${S}" --fail-link 1,1,1:+X --fail-link 1,1,1:-X --fail-link 1,1,1:+Y
          --fail-link 1,1,1:-Y --fail-link 1,1,1:+Z --fail-link 1,1,1:-Z)
expect_text("unreachable pairs: 254")
expect_text("(1,1,1) -> (0,0,0)")
expect_text("(0,0,0) -> (1,1,1)")
expect_text("verdict: FAILED")

# No dateline in X: the X rings are Dally & Seitz's Figure 1 cycle, printed.
run_check(1 "${WORK}/nodateline.json")
expect_text("deadlock-free: NO, cycle of 4 channels:")
expect_text("+X vc0 -> ")
run_check(1 "${WORK}/nodateline.json" --json)
string(JSON cycleLength LENGTH "${out}" cycle)
if(NOT cycleLength EQUAL 4)
  message(FATAL_ERROR "cycle length ${cycleLength}\n${out}")
endif()

# The scenario's own failed nodes count as --fail-node ones (they were
# left out before).
file(WRITE "${WORK}/t3e444-failed-node.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "T3E-style 4x8x4, a node down",
 "topology": {"radix": [4, 8, 4], "wrap": [true, true, true]},
 "routing": {"algorithm": "direction-order", "adaptive": true},
 "faults": {"failedNodes": ["1,2,3"]}}
]=])
run_check(0 "${WORK}/t3e444-failed-node.json")
expect_text("failed nodes: 1")

# Dimension order around a failed node: the pairs no route of the turn rules
# reaches go in two legs through a relay node; none is unreachable, the
# graph stays acyclic (docs/fault-tolerance.md "Two legs through a relay node").
run_check(0 "${PRESETS}/generic-8x8x8.json" --fail-node 7,7,7)
expect_text("relays: 833 pairs no route of the turn rules reaches go in two legs")
expect_text("unreachable pairs: 0")
expect_text("deadlock-free: yes")
run_check(0 "${PRESETS}/generic-8x8x8.json" --fail-node 7,7,7 --json)
string(JSON relayed GET "${out}" relayedPairs)
if(NOT relayed EQUAL 833)
  message(FATAL_ERROR "relayedPairs ${relayed}, expected 833\n${out}")
endif()
