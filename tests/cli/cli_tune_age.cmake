# flitscope-cli tune-age reproduces the worked example of Abts & Weisser,
# "Age-Based Packet Arbitration in Large-Radix k-ary n-cubes" (SC 2007),
# section 3.2: the 11,12,16-ary 3-cube torus with biases 3,2,1, two VCs per
# class and 9-flit packets gives T_bias = 19, a target age of 128 - 19 = 109
# and AGE_CLK_PERIOD = 198/11 = 18. The scenario (data/xt-torus-11x12x16.json,
# the XT preset with every dimension a torus) carries the simulator's packet
# kinds, at most 4 flits long, so the paper's 9 is given with
# --max-packet-flits; without it the period is 11 x (2 x 4) / 11 = 8.
# Bad options exit 2 with one stderr line naming the option.
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
file(MAKE_DIRECTORY "${WORK}")
set(XT ${CMAKE_CURRENT_LIST_DIR}/data/xt-torus-11x12x16.json)

function(tune_age expectRc)
  execute_process(COMMAND "${CLI}" tune-age ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL ${expectRc})
    message(FATAL_ERROR "tune-age ${ARGN}: exit ${rc}, expected ${expectRc}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(expect_json json key expected)
  string(JSON value GET "${json}" ${key})
  if(NOT value STREQUAL "${expected}")
    message(FATAL_ERROR "${key}: got '${value}', expected '${expected}'\n${json}")
  endif()
endfunction()

# The paper's numbers (section 3.2).
tune_age(0 "${XT}" --max-packet-flits 9 --json)
expect_json("${out}" tBias 19)
expect_json("${out}" targetAge 109)
expect_json("${out}" ageClockPeriod 18)
expect_json("${out}" totalHops 10)
expect_json("${out}" ticksPerHop 11)
expect_json("${out}" queuedPackets 11)
expect_json("${out}" cyclesPerPacket 18)
expect_json("${out}" queueingCyclesPerHop 198)
expect_json("${out}" vcsPerClass 2)
foreach(i x:0:3:3 y:1:3:2 z:2:4:1)
  string(REPLACE ":" ";" f "${i}")
  list(GET f 1 index)
  list(GET f 2 hops)
  list(GET f 3 bias)
  expect_json("${out}" "dimensions;${index};averageHops" ${hops})
  expect_json("${out}" "dimensions;${index};bias" ${bias})
  expect_json("${out}" "dimensions;${index};ejectionRateGBs" 2.0)
endforeach()

# The scenario's own packet length (4 flits) and an explicit bias.
tune_age(0 "${XT}" --json)
expect_json("${out}" maxPacketFlits 4)
expect_json("${out}" ageClockPeriod 8)
tune_age(0 "${XT}" --max-packet-flits 9 --bias 1,1,1 --json)
expect_json("${out}" tBias 10)
expect_json("${out}" ageClockPeriod 17)

# The table names the paper's quantities.
tune_age(0 "${XT}" --max-packet-flits 9)
foreach(expected "T_bias                             19    sum of H_i x bias_i: 3x3 + 3x2 + 4x1"
                 "target age                         109   128 - T_bias"
                 "AGE_CLK_PERIOD                     18    198 / 11 = 18, rounded")
  string(FIND "${out}" "${expected}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "missing line: '${expected}'\ngot:\n${out}")
  endif()
endforeach()

# Biases that leave no age range: a 32-ary torus has 8 hops per dimension.
file(WRITE "${WORK}/torus32.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "32x32x32",
 "topology": {"radix": [32, 32, 32], "wrap": [true, true, true]},
 "routing": {"algorithm": "dimension-order"}}
]=])
set(cases
  "--bias: expected 3 comma-separated integers 0..7|${XT}^--bias^3,2"
  "--bias: expected 3 comma-separated integers 0..7|${XT}^--bias^3,2,8"
  "--bias: T_bias = 168|${WORK}/torus32.json^--bias^7,7,7"
  "--vcs: expected an integer 1..8|${XT}^--vcs^0"
  "--max-packet-flits: expected an integer|${XT}^--max-packet-flits^nine"
  "--queued-packets: expected an integer|${XT}^--queued-packets^-1"
  "--channel-bandwidth: expected a bandwidth in GB/s above 0|${XT}^--channel-bandwidth^0"
  "--ejection-bandwidth: expected a bandwidth in GB/s above 0|${XT}^--ejection-bandwidth^fast"
  "missing SCENARIO argument|--json"
  "${WORK}/absent.json: cannot open file|${WORK}/absent.json")
foreach(c IN LISTS cases)
  cli_split_case("${c}" expected argv)
  tune_age(2 ${argv})
  string(STRIP "${err}" err)
  string(FIND "${err}" "\n" newline)
  string(FIND "${err}" "flitscope-cli tune-age: ${expected}" pos)
  if(NOT pos EQUAL 0 OR NOT newline EQUAL -1)
    message(FATAL_ERROR "tune-age ${argv}: stderr '${err}', expected one line '${expected}...'")
  endif()
endforeach()
