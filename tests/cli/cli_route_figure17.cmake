# flitscope-cli route reproduces the T3E manual's Figure 17 worked example
# (HMM-160-0, "Example of Direction Order Routing"): LPE A at (0,3,0) sends to
# LPE 7 at (1,1,1) in the 16-PE 2x4x2 machine of Figure 12 (derivation in
# tests/engine/tst_route_examples.cpp), the preset docs/routing.md runs. The
# tag comes from the source's R_NET_LUT; the +Y leg wraps through the Y
# dateline (ordinate 0).
cmake_policy(VERSION 3.22)
file(MAKE_DIRECTORY "${WORK}")
set(FIGURE12 "${PRESETS}/t3e-manual-figure12-2x4x2.json")
execute_process(COMMAND "${CLI}" route "${FIGURE12}" --from 0,3,0 --to 1,1,1
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit ${rc}, expected 0\n${out}\n${err}")
endif()
foreach(expected
    "from (0,3,0) PE 000300 LPE A  to (1,1,1) PE 010101 LPE 7"
    "tag 0x0000000300010101  INITIAL_HOP=3 X_SGN=0 X_ADR=01 Y_SGN=0 Y_ADR=01 Z_SGN=0 Z_ADR=01 FINAL_HOP=0 ADAPTIVE=0  (R_NET_LUT[7], mode 0)"
    "   0  (0,3,0)    000300  +X        0"
    "   1  (1,3,0)    000301  +Y        0"
    "   2  (1,0,0)    000001  +Y        1   dateline crossed: VC0 -> VC1"
    "   3  (1,1,0)    000101  +Z        0"
    "   4  (1,1,1)    010101  PE"
    "outcome: delivered at (1,1,1), 4 network hops, 1 dateline crossings, 0 violations")
  string(FIND "${out}" "${expected}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "missing line: '${expected}'\ngot:\n${out}")
  endif()
endforeach()

# The same path with the figure's tag given explicitly, Figure 18's initial
# +Z hop from the partial plane (2x4x3), Figure 19's final -Z hop.
file(WRITE "${WORK}/partial-plane.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "Figure 12 machine + partial Z plane",
 "topology": {"radix": [2, 4, 3], "wrap": [true, true, true]}}
]=])
set(cases
  "${FIGURE12}|0,3,0|1,1,1|0x0000000300010101|(0,3,0) +X|(1,0,0) +Y"
  "${WORK}/partial-plane.json|0,0,2|1,3,0|0x0000000200008301|(0,0,2) +Z|(1,0,0) -Y"
  "${WORK}/partial-plane.json|0,1,1|1,0,2|0x0000001300008001|(1,0,0) -Z|(1,0,2) PE")
foreach(c IN LISTS cases)
  string(REPLACE "|" ";" f "${c}")
  list(GET f 0 file)
  list(GET f 1 from)
  list(GET f 2 to)
  list(GET f 3 tag)
  list(GET f 4 hopA)
  list(GET f 5 hopB)
  execute_process(COMMAND "${CLI}" route "${file}" --from ${from} --to ${to} --tag ${tag} --json
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${c}: exit ${rc}\n${out}\n${err}")
  endif()
  string(JSON outcome GET "${out}" outcome)
  string(JSON usedTag GET "${out}" tag)
  if(NOT outcome STREQUAL "delivered" OR NOT usedTag STREQUAL "${tag}")
    message(FATAL_ERROR "${c}: outcome '${outcome}', tag '${usedTag}'\n${out}")
  endif()
  # Every hop's node and direction, as "(x,y,z) dir".
  string(JSON n LENGTH "${out}" hops)
  set(hopsText "")
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON x GET "${out}" hops ${i} node 0)
    string(JSON y GET "${out}" hops ${i} node 1)
    string(JSON z GET "${out}" hops ${i} node 2)
    string(JSON dir GET "${out}" hops ${i} out)
    list(APPEND hopsText "(${x},${y},${z}) ${dir}")
  endforeach()
  foreach(hop IN ITEMS "${hopA}" "${hopB}")
    if(NOT hop IN_LIST hopsText)
      message(FATAL_ERROR "${c}: no hop '${hop}' in ${hopsText}")
    endif()
  endforeach()
endforeach()
