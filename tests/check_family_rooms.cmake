cmake_minimum_required(VERSION 3.25)
# Fails when a family-neutral file of the app (directly under DIR, not in a
# family's room DIR/torus or DIR/fat_tree) names what only the k-ary n-cube
# has: its topology header, seven ports, the six directions, coordinates
# (issue 19: "nothing outside the torus family's room assumes seven ports or
# three coordinates"). Holding the torus's Scenario or Topology to hand it to
# the torus room is allowed; computing with them is not.
file(GLOB files "${DIR}/*.h" "${DIR}/*.cpp")
set(regex "topology/topology\\.h|kPortsPerNode|kDirectionCount|kProcessorPort|Direction::|flit::Direction|kMaxDims|flit::Coord[^a-z]|coordOf|makeDirection|directionName|formatCoord|dimensionOf")
set(bad "")
foreach(f IN LISTS files)
  file(STRINGS "${f}" lines REGEX "${regex}")
  if(lines)
    list(APPEND bad "${f}: ${lines}")
  endif()
endforeach()
if(bad)
  string(REPLACE ";" "\n" bad "${bad}")
  message(FATAL_ERROR "family-neutral app files name the torus (move that code to torus/, or ask the layout):\n${bad}")
endif()
list(LENGTH files n)
message(STATUS "checked ${n} family-neutral app files")
