# flitscope-cli route with failures (the scenario's faults, --fail-link,
# --fail-node): the routes are rebuilt around them as the simulator's are,
# and the path printed is the rebuilt one (docs/routing.md "flitscope-cli route").
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
file(MAKE_DIRECTORY "${WORK}")

# route_expect(RC STREAM REGEX ARGS...): runs `route ARGS`, expects exit RC
# and REGEX in STREAM (out or err); leaves out and err to the caller.
function(route_expect expected_rc stream regex)
  execute_process(COMMAND "${CLI}" route ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expected_rc OR NOT "${${stream}}" MATCHES "${regex}")
    message(FATAL_ERROR "route ${ARGN}: exit ${rc} (expected ${expected_rc}), ${stream} should match '${regex}'\n"
                        "${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

# Dimension order (the generic textbook router): the +X link out of
# (0,0,0) fails and the pair it carried detours (the other way round the
# ring, docs/fault-tolerance.md), delivered; no hop uses the failed link.
set(G "${PRESETS}/generic-8x8x8.json")
set(changed "rebuilt around 1 failed link and 0 failed nodes: this pair's route changed\n")
set(kept "rebuilt around 1 failed link and 0 failed nodes: this pair keeps its route\n")
route_expect(0 out "${changed}" "${G}" --from 0,0,0 --to 1,0,0 --fail-link 0,0,0:+X)
if(NOT out MATCHES "outcome: delivered at \\(1,0,0\\)" OR out MATCHES "\n +0  \\(0,0,0\\) +[0-9]+ +\\+X ")
  message(FATAL_ERROR "dimension-order detour:\n${out}")
endif()
# A pair the failure does not touch keeps its route.
route_expect(0 out "${kept}" "${G}" --from 0,0,0 --to 0,1,0 --fail-link 0,0,0:+X)
# A half-ring tie (4 hops of 8): the pair's detour goes -X, the way its
# packets whose tie was drawn - already went; for those the route is kept.
route_expect(0 out "${changed}" "${G}" --from 0,0,0 --to 4,0,0 --fail-link 0,0,0:+X --tie-draw 0)
route_expect(0 out "${kept}" "${G}" --from 0,0,0 --to 4,0,0 --fail-link 0,0,0:+X --tie-draw 1)
# --json says the same.
route_expect(0 out "\"rebuilt\": {\n *\"failedLinks\": 1,\n *\"failedNodes\": 0,\n *\"pairChanged\": true"
             "${G}" --from 0,0,0 --to 1,0,0 --fail-link 0,0,0:+X --json)

# A pair no route of the turn rules reaches around the failed (7,7,7) goes
# in two legs: to the relay (0,0,0), out of the network and in again, then
# on to (7,7,0) (docs/fault-tolerance.md "Two legs through a relay node").
route_expect(0 out "\n +1  \\(0,0,0\\) +[0-9]+ +-X +0 +relay: out of the network and in again.*outcome: delivered at \\(7,7,0\\), 3 network hops"
             "${G}" --from 0,0,7 --to 7,7,0 --fail-node 7,7,7)
route_expect(0 out "\"relay\": \\[\n *0,\n *0,\n *0\n *\\]" "${G}" --from 0,0,7 --to 7,7,0 --fail-node 7,7,7 --json)

# The scenario's own failed link counts as one given on the command line.
file(READ "${PRESETS}/teaching-4x4x4.json" teaching)
string(JSON teaching SET "${teaching}" faults "{\"failedLinks\": [\"0,0,0:+Y\"]}")
file(WRITE "${WORK}/failed.json" "${teaching}")
route_expect(0 out "${changed}.*outcome: delivered at \\(0,1,0\\)" "${WORK}/failed.json" --from 0,0,0 --to 0,1,0)

# A failed destination, and a ring whose routes are fixed (TRC): unreachable, exit 1.
route_expect(1 out "unreachable: the source or the destination has failed"
             "${G}" --from 0,0,0 --to 1,0,0 --fail-node 1,0,0)
route_expect(1 out "\"outcome\": \"unreachable\"" "${G}" --from 0,0,0 --to 1,0,0 --fail-node 1,0,0 --json)
string(JSON delivered GET "${out}" delivered)
if(NOT delivered STREQUAL "OFF")
  message(FATAL_ERROR "failed destination, --json delivered: ${delivered}\n${out}")
endif()
route_expect(1 out "unreachable: no route of this routing avoids the failures"
             "${PRESETS}/trc-figure1-ring4.json" --from 0 --to 1 --fail-link 0:+X)

# Bad input names the option.
route_expect(2 err "^flitscope-cli route: --fail-link: " "${G}" --from 0,0,0 --to 1,0,0 --fail-link 0,0:+X)
route_expect(2 err "^flitscope-cli route: --fail-node: " "${G}" --from 0,0,0 --to 1,0,0 --fail-node 9,0,0)
route_expect(2 err "--special: takes no --fail-link or --fail-node"
             "${G}" --from 0,0,0 --special 1,0,0 --fail-link 0,0,0:+X)
# A --tag is traced as given: the +X link it takes has failed, so it is blocked (exit 1).
route_expect(1 out "outcome: blocked" "${PRESETS}/teaching-4x4x4.json" --from 0,0,0 --to 1,0,0
             --fail-link 0,0,0:+X --tag 0x0000000300000001)
if(out MATCHES "rebuilt around")
  message(FATAL_ERROR "--tag with failures rebuilt:\n${out}")
endif()
