# engine_layers_are_enforced: with the include directories the build gives
# flitscope_routing (INCLUDES, |-separated: its own and what it links), a
# file including routing/, topology/ and util/ headers compiles, and one
# including scenario/ (the JSON readers: every file is read there), sim/ or
# view/ does not: the layering is the build's, not a rule someone must
# remember (engine/CMakeLists.txt).
cmake_minimum_required(VERSION 3.25)
string(REPLACE "|" ";" includes "${INCLUDES}")
list(REMOVE_DUPLICATES includes)
list(FILTER includes EXCLUDE REGEX "^$")
set(flags "")
foreach(dir IN LISTS includes)
  list(APPEND flags "-I${dir}")
endforeach()
file(MAKE_DIRECTORY "${WORK}")
function(compiles name text expect)
  file(WRITE "${WORK}/${name}.cpp" "${text}\n")
  execute_process(COMMAND "${CXX}" -std=c++20 -fsyntax-only ${flags} "${WORK}/${name}.cpp"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(expect AND NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}: should compile with routing's include directories:\n${err}")
  endif()
  if(NOT expect AND (rc EQUAL 0 OR NOT err MATCHES "No such file or directory"))
    message(FATAL_ERROR "${name}: compiled (exit ${rc}) though routing/ may not include it:\n${err}")
  endif()
endfunction()
compiles(allowed "#include \"routing/routing_tag.h\"\n#include \"topology/topology.h\"\n#include \"util/scenario_error.h\"" ON)
compiles(scenario "#include \"scenario/json_fields.h\"" OFF)
compiles(sim "#include \"sim/simulator.h\"" OFF)
compiles(view "#include \"view/recent_events.h\"" OFF)
compiles(app "#include \"gui_session.h\"" OFF)
message(STATUS "routing/ sees routing, topology, util; not scenario, sim, view or the app")
