# flitscope-cli route on the shipped presets: the 2048-PE T3E uses
# R_LUT_OVERRIDE mode 1 (manual Table 6: one R_NET_LUT entry per 4 logical
# PEs), and the TRC preset's packets spiral from VC0 to VC1 through the
# dateline at the origin (Dally & Seitz, 2D torus).
cmake_policy(VERSION 3.22)
execute_process(COMMAND "${CLI}" route "${PRESETS}/t3e-8x32x8.json" --from 0,0,0 --to 7,31,7
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "t3e-8x32x8: exit ${rc}\n${out}\n${err}")
endif()
foreach(expected
    "from (0,0,0) PE 000000 LPE 0  to (7,31,7) PE 071F07 LPE 7FF"
    "tag 0x0000002300879F87  INITIAL_HOP=3 X_SGN=1 X_ADR=07 Y_SGN=1 Y_ADR=1F Z_SGN=1 Z_ADR=07 FINAL_HOP=0 ADAPTIVE=1  (R_NET_LUT[511], mode 1)"
    "outcome: delivered at (7,31,7), 3 network hops, 0 dateline crossings, 0 violations")
  string(FIND "${out}" "${expected}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "t3e-8x32x8: missing '${expected}'\n${out}")
  endif()
endforeach()

# TRC 16x16: (14,3) -> (1,2) takes 3 +X hops and 15 +Y hops; each ring is
# entered on VC0 (the destination is "below": it must wrap) and switches to
# VC1 passing ordinate 0.
execute_process(COMMAND "${CLI}" route "${PRESETS}/trc-16x16.json" --from 14,3 --to 1,2 --json
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "trc-16x16: exit ${rc}\n${out}\n${err}")
endif()
string(JSON algorithm GET "${out}" algorithm)
string(JSON hops GET "${out}" networkHops)
string(JSON crossings GET "${out}" datelineCrossings)
string(JSON violations GET "${out}" datelineViolations)
if(NOT algorithm STREQUAL "trc" OR NOT hops EQUAL 18 OR NOT crossings EQUAL 2 OR NOT violations EQUAL 0)
  message(FATAL_ERROR "trc-16x16: ${algorithm}, ${hops} hops, ${crossings} crossings, ${violations} violations\n${out}")
endif()
set(vcs "")
foreach(i RANGE 17)
  string(JSON vc GET "${out}" hops ${i} vc)
  string(APPEND vcs "${vc}")
endforeach()
# +X: 14 15 | 0* 1 -> +Y: 3..15 on VC0, 0* and 1 on VC1
if(NOT vcs STREQUAL "001000000000000011")
  message(FATAL_ERROR "trc-16x16: VCs per hop ${vcs}")
endif()

# Special (delta) routing (manual "Special Routing"): primary X,Y,Z then
# secondary X,Y,Z, one hop per unit, no VCs.
execute_process(COMMAND "${CLI}" route "${PRESETS}/teaching-4x4x4.json" --from 0,0,0
  --special 1,-1,0,-1,0,2 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "special: exit ${rc}\n${out}\n${err}")
endif()
foreach(expected
    "routing: special (delta), primary (+1,-1,0) secondary (-1,0,+2)"
    "   2  (1,3,0)    000301  -X        -"
    "outcome: delivered at (0,3,2), 5 network hops, 0 dateline crossings, 0 violations")
  string(FIND "${out}" "${expected}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "special: missing '${expected}'\n${out}")
  endif()
endforeach()
