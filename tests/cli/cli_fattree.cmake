# flitscope-cli on the MIT Transit fat-tree (DeHon, seed 004): describe
# prints Table 1's router counts and the unit tree counts of sections 4.2 and
# 5.2; run on a fat-tree scenario runs the circuit simulator and reports
# first-attempt success, attempts per message and messages given up, sweep
# over loads; bad
# parameters exit 2 naming the field. The torus outputs are untouched
# (cli_golden_presets checks them).
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(FT ${PRESETS}/fattree)

function(expect_json json want)  # want: "path.to.key=value" with path segments separated by '.'
  string(FIND "${want}" "=" eq)
  string(SUBSTRING "${want}" 0 ${eq} keys)
  math(EXPR start "${eq} + 1")
  string(SUBSTRING "${want}" ${start} -1 value)
  string(REPLACE "." ";" keys "${keys}")
  string(JSON got ERROR_VARIABLE e GET "${json}" ${keys})
  if(e OR NOT "${got}" STREQUAL "${value}")
    message(FATAL_ERROR "${want}: got '${got}' ${e}")
  endif()
endfunction()

cli_expect(0 describe ${FT}/transit-4k.json --json)
foreach(w "endpoints=4096" "unitTrees.UT64x2=64" "unitTrees.UT64x8=4"
          "unitTreeRoutersPerLayer.UT64x8.0=64" "unitTreeRoutersPerLayer.UT64x8.1=64"
          "unitTreeRoutersPerLayer.UT64x8.2=48" "unitTreeRoutersPerLayer.UT64x8.3=32"
          "unitTreeRoutersPerLayer.UT64x2.0=16" "unitTreeRoutersPerLayer.UT64x2.3=8"
          "unitTreeChannels.UT64x8.upFromLeaves=512" "unitTreeChannels.UT64x2.upTowardRoot=32"
          "stagesThroughRoot.withShortCuts=8" "stagesThroughRoot.withoutShortCuts=12" "routers=4160")
  expect_json("${out}" "${w}")
endforeach()
cli_expect(0 describe ${FT}/transit-12k.json --json)
foreach(w "endpoints=12288" "unitTrees.B192=64" "unitTrees.UT64x8=16" "unitTreeRoutersPerLayer.B192.0=64")
  expect_json("${out}" "${w}")
endforeach()
cli_expect(0 describe ${FT}/transit-64.json)
string(FIND "${out}" "16 16 12 8 (bottom up)" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "describe transit-64: no Table 1 row in\n${out}")
endif()
cli_expect(0 describe ${PRESETS}/teaching-4x4x4.json --json)
foreach(w "family=kAryNCube" "nodes=64" "routers=64" "links=192" "channels=384")
  expect_json("${out}" "${w}")
endforeach()

cli_expect(0 run ${FT}/transit-64.json --cycles 2000 --warmup 200 --json)
foreach(key firstAttemptSuccess attemptsPerMessage retriesDropped)
  string(JSON v ERROR_VARIABLE e GET "${out}" ${key})
  if(e)
    message(FATAL_ERROR "run --json on a fat-tree: no ${key}\n${out}")
  endif()
endforeach()
expect_json("${out}" "endpoints=64")
# Same scenario and seed: the same run.
set(first "${out}")
cli_expect(0 run ${FT}/transit-64.json --cycles 2000 --warmup 200 --json)
string(JSON a GET "${first}" firstAttemptSuccess)
string(JSON b GET "${out}" firstAttemptSuccess)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "two runs with one seed differ: ${a} vs ${b}")
endif()
cli_expect(0 run ${FT}/transit-4k.json --cycles 300 --warmup 50 --fail-unit-tree 64 --fail-random 0.01 --pattern uniform)
string(FIND "${out}" "first-attempt success" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "run table on a fat-tree:\n${out}")
endif()

# sweep: one point per load, first-attempt success falling as the load rises.
cli_expect(0 sweep ${FT}/transit-64.json --rates 0.01:1:0.99 --cycles 3000 --warmup 300 --jobs 1 --json)
string(JSON n LENGTH "${out}" points)
string(JSON low GET "${out}" points 0 firstAttemptSuccess)
string(JSON high GET "${out}" points 1 firstAttemptSuccess)
if(NOT n EQUAL 2 OR NOT low GREATER high)
  message(FATAL_ERROR "sweep on a fat-tree: ${n} points, success ${low} at 0.01 and ${high} at 1\n${out}")
endif()

file(READ ${FT}/transit-4k.json base)
set(cases
  "scenario.topology.unitTrees.UT64x8: 64 UT64x2 leaves compose with 4 UT64x8|unitTrees^UT64x8^5"
  "scenario.topology.leafClusters.size: must be 12, 48 or 192|leafClusters^{\"size\": 100, \"count\": 64}"
  "scenario.topology.unitTrees.UT64x2: must be 1, 64, 4096 or 262144|unitTrees^UT64x2^65")
set(i 0)
foreach(c IN LISTS cases)
  string(FIND "${c}" "|" bar)
  string(SUBSTRING "${c}" 0 ${bar} expected)
  math(EXPR start "${bar} + 1")
  string(SUBSTRING "${c}" ${start} -1 edit)
  string(REPLACE "^" ";" edit "${edit}")
  list(LENGTH edit n)
  if(n EQUAL 3)
    list(GET edit 0 k1)
    list(GET edit 1 k2)
    list(GET edit 2 v)
    string(JSON doc SET "${base}" topology ${k1} ${k2} ${v})
  else()
    list(GET edit 0 k1)
    list(GET edit 1 v)
    string(JSON doc SET "${base}" topology ${k1} "${v}")
  endif()
  math(EXPR i "${i} + 1")
  file(WRITE ${WORK}/bad${i}.json "${doc}")
  foreach(cmd describe run)
    cli_expect(2 ${cmd} ${WORK}/bad${i}.json)
    string(FIND "${err}" "${expected}" pos)
    if(pos EQUAL -1)
      message(FATAL_ERROR "${cmd} bad${i}.json: stderr '${err}', expected '${expected}'")
    endif()
  endforeach()
endforeach()
cli_expect(2 run ${FT}/transit-4k.json --fail-router 4160)
string(FIND "${err}" "--fail-router" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "run --fail-router out of range: '${err}'")
endif()
