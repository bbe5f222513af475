# flitscope-cli run with faults while the traffic runs (issue 4 "Command
# line"): --fail-link / --fail-node applied at --fail-at, routes rebuilt,
# drops by reason and unreachablePairs in the JSON; bad input exits 2 naming
# the argument.
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
macro(expect_run code)  # flitscope-cli run ...
  cli_expect(${code} run ${ARGN})
endmacro()

# T3E 8x8x8: the Figure 4 case of the T3E paper (section 2.1, two broken Y
# links cut a string of nodes off their Y ring) plus a failed node, at cycle 600.
expect_run(0 ${PRESETS}/t3e-8x8x8.json --cycles 2000 --warmup 500 --rate 0.1 --json
           --fail-link 1,2,2:+Y --fail-link 1,5,2:+Y --fail-node 4,4,4 --fail-at 600)
string(JSON at GET "${out}" faults atCycle)
string(JSON accepted GET "${out}" faults rebuildAccepted)
string(JSON acyclic GET "${out}" faults deadlockFree)
string(JSON rerouted GET "${out}" faults reroutedEntries)
string(JSON unreachable GET "${out}" unreachablePairs)
string(JSON refusedDown GET "${out}" refusedNodeDown)
string(JSON delivered GET "${out}" delivered)
foreach(reason route-through-failed-link misroute link-failed node-failed)
  string(JSON n ERROR_VARIABLE e GET "${out}" dropped ${reason})
  if(e)
    message(FATAL_ERROR "dropped.${reason} missing: ${e}\n${out}")
  endif()
endforeach()
if(NOT at EQUAL 600 OR NOT accepted OR NOT acyclic OR rerouted LESS 1 OR NOT unreachable EQUAL 0
   OR refusedDown LESS 1 OR delivered LESS 1000)
  message(FATAL_ERROR "faults not applied or not routed around:\n${out}")
endif()

# Bad input: exit 2, one line, naming the argument.
foreach(case "--fail-node;9,9,9;--fail-node" "--fail-node;1,2,x;--fail-node"
             "--fail-at;99999;--fail-at" "--fail-at;x;--fail-at")
  list(GET case 0 opt)
  list(GET case 1 val)
  list(GET case 2 name)
  expect_run(2 ${PRESETS}/teaching-4x4x4.json --cycles 100 --warmup 0 --fail-link 0,0,0:+X ${opt} ${val})
  string(STRIP "${err}" line)
  if(NOT line MATCHES "${name}" OR line MATCHES "\n")
    message(FATAL_ERROR "${opt} ${val}: expected one line naming ${name}, got: ${err}")
  endif()
endforeach()
expect_run(2 ${PRESETS}/teaching-4x4x4.json --fail-at 10)
if(NOT err MATCHES "--fail-at: needs --fail-link or --fail-node")
  message(FATAL_ERROR "--fail-at alone: ${err}")
endif()
