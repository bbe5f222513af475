# flitscope-cli check --competing-inputs: XT paper Table 3 (Abts & Weisser,
# SC 2007, "Input ports competing for each output port given dimension-order
# routing") from walking every route of a 5x5x5 torus: one kind of router,
# with the paper's input sets (the -z row with +z, see
# tests/engine/tst_competing_inputs.cpp). A 5-ary mesh in X has three kinds.
cmake_policy(VERSION 3.22)
file(MAKE_DIRECTORY "${WORK}")
file(WRITE "${WORK}/torus5.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "5x5x5 torus",
 "topology": {"radix": [5, 5, 5], "wrap": [true, true, true]},
 "routing": {"algorithm": "dimension-order"}}
]=])
file(WRITE "${WORK}/xmesh5.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "5x5x5, mesh in X",
 "topology": {"radix": [5, 5, 5], "wrap": [false, true, true]},
 "routing": {"algorithm": "dimension-order"}}
]=])

execute_process(COMMAND "${CLI}" check "${WORK}/torus5.json" --competing-inputs --json
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit ${rc}, expected 0\n${out}\n${err}")
endif()
string(JSON kinds LENGTH "${out}" competingInputs)
string(JSON routers GET "${out}" competingInputs 0 routers)
if(NOT kinds EQUAL 1 OR NOT routers EQUAL 125)
  message(FATAL_ERROR "expected one kind of router (125), got ${kinds}\n${out}")
endif()
foreach(row "+X|proc;-X" "-X|proc;+X" "+Y|proc;+X;-X;-Y" "-Y|proc;+X;-X;+Y"
            "+Z|proc;+X;-X;+Y;-Y;-Z" "-Z|proc;+X;-X;+Y;-Y;+Z" "proc|+X;-X;+Y;-Y;+Z;-Z")
  string(REPLACE "|" ";" f "${row}")
  list(GET f 0 port)
  list(SUBLIST f 1 -1 expected)
  string(JSON n LENGTH "${out}" competingInputs 0 outputs "${port}")
  set(got "")
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON in GET "${out}" competingInputs 0 outputs "${port}" ${i})
    list(APPEND got "${in}")
  endforeach()
  if(NOT got STREQUAL expected)
    message(FATAL_ERROR "output ${port}: inputs '${got}', expected '${expected}' (Table 3)")
  endif()
endforeach()

execute_process(COMMAND "${CLI}" check "${WORK}/xmesh5.json" --competing-inputs
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
foreach(expected "25 router(s) like (0,0,0):" "75 router(s) like (1,0,0):" "25 router(s) like (4,0,0):"
                 "  -Z      proc, +X, -X, +Y, -Y, +Z                   6")
  string(FIND "${out}" "${expected}" pos)
  if(NOT rc EQUAL 0 OR pos EQUAL -1)
    message(FATAL_ERROR "exit ${rc}, missing '${expected}'\n${out}\n${err}")
  endif()
endforeach()

execute_process(COMMAND "${CLI}" check "${WORK}/torus5.json" --competing-inputs --fail-node 1,1,1
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(STRIP "${err}" err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "^flitscope-cli check: --competing-inputs: ")
  message(FATAL_ERROR "with --fail-node: exit ${rc}, stderr '${err}', expected 2 naming --competing-inputs")
endif()
