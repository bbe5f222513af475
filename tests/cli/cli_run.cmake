# flitscope-cli run: JSON summary keys (docs/cli.md), table output, and bad
# input exits 2 with one line naming the argument.
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
macro(expect_run code)  # flitscope-cli run ...
  cli_expect(${code} run ${ARGN})
endmacro()

expect_run(0 ${PRESETS}/t3e-8x8x8.json --cycles 2000 --warmup 200 --json)
foreach(key cycles nodes injected delivered dropped inFlight latency networkLatency
            offeredFlitsPerNodeCycle acceptedFlitsPerNodeCycle datelineCrossings
            datelineViolations wallSeconds nodeCyclesPerSecond)
  string(JSON v ERROR_VARIABLE e GET "${out}" ${key})
  if(e)
    message(FATAL_ERROR "key ${key} missing: ${e}\n${out}")
  endif()
endforeach()
foreach(key mean max stddev p50 p99)
  string(JSON v GET "${out}" latency ${key})
  string(JSON v GET "${out}" networkLatency ${key})
endforeach()
# The T3E preset's units (scenario section "units": 75 MHz, 8-byte flits)
# add ns and MB/s keys beside the cycle and flit ones.
string(JSON clock GET "${out}" clockMHz)
string(JSON meanCycles GET "${out}" latency mean)
string(JSON meanNs GET "${out}" latency meanNs)
string(JSON maxNs GET "${out}" networkLatency maxNs)
string(JSON accepted GET "${out}" acceptedFlitsPerNodeCycle)
string(JSON acceptedMBps GET "${out}" acceptedMBpsPerNode)
cli_expect_ratio("${clock}" 1 75 "clockMHz")
cli_expect_ratio("${meanNs}" "${meanCycles}" 13.3333 "latency.meanNs / latency.mean")
cli_expect_ratio("${acceptedMBps}" "${accepted}" 600 "acceptedMBpsPerNode / acceptedFlitsPerNodeCycle")
string(JSON nodes GET "${out}" nodes)
string(JSON cycles GET "${out}" cycles)
string(JSON delivered GET "${out}" delivered)
string(JSON crossings GET "${out}" datelineCrossings)
string(JSON linkDown GET "${out}" dropped route-through-failed-link)
if(NOT nodes EQUAL 512 OR NOT cycles EQUAL 2200 OR delivered LESS 1000 OR crossings LESS 1 OR NOT linkDown EQUAL 0)
  message(FATAL_ERROR "implausible summary:\n${out}")
endif()

# Overrides and the human table; links failing while the traffic runs drop
# the packets already on them with a reason, and the rebuild gives the pairs
# whose route crossed them detours (a 4x4x4 in dimension order of its own:
# the teaching preset routes like the T3E; the XT's turn rules,
# routing/dor_detours.h), so no pair is unreachable.
set(DIMORDER ${CMAKE_CURRENT_LIST_DIR}/data/dimension-order-4x4x4.json)
expect_run(0 ${DIMORDER} --cycles 500 --rate 0.2 --pattern tornado --seed 9
           --fail-link 0,0,0:+X --fail-link 1,1,1:-Z --fail-at 300)
if(NOT out MATCHES "accepted flits/node/cycle"
   OR NOT out MATCHES "faults +cycle 300: routes rebuilt: [1-9][0-9]* pairs' detours set or lifted, [1-9][0-9]* detour around failures now \\(dimension order with turn rules\\); 0 unreachable pairs, deadlock-free"
   OR NOT out MATCHES "unreachable=0 ")
  message(FATAL_ERROR "table output:\n${out}")
endif()
# The torus routing chip only travels + on fixed routes: the rebuild reports
# the pairs whose route crosses the failed link unreachable, the packets on
# their way there are dropped with the reason, and the sources refuse the rest.
expect_run(0 ${PRESETS}/trc-16x16.json --cycles 500 --rate 0.1 --seed 9 --fail-link 3,3:+X --fail-at 300)
if(NOT out MATCHES "route-through-failed-link=[0-9]"
   OR NOT out MATCHES "faults +cycle 300: routes rebuilt \\(fixed routes" OR NOT out MATCHES "unreachable pairs +[1-9]"
   OR NOT out MATCHES "unreachable=[1-9]")
  message(FATAL_ERROR "TRC, table output:\n${out}")
endif()
# The same failures on the teaching preset (direction order with R_NET_LUT
# tags, T3E paper section 9): the rebuild routes around both links, so no pair
# is unreachable and no source refuses a packet.
expect_run(0 ${PRESETS}/teaching-4x4x4.json --cycles 500 --rate 0.2 --pattern tornado --seed 9
           --fail-link 0,0,0:+X --fail-link 1,1,1:-Z --fail-at 300)
if(NOT out MATCHES "faults +cycle 300: routes rebuilt: [1-9][0-9]* entries take another route, [0-9]+ switch adaptive routing, [1-9][0-9]* detour around failures now; 0 unreachable pairs, deadlock-free"
   OR NOT out MATCHES "unreachable pairs +0\n" OR NOT out MATCHES "unreachable=0 ")
  message(FATAL_ERROR "teaching preset, table output:\n${out}")
endif()

# Bad input: exit 2, one line, naming the argument.
foreach(case "--rate;2;--rate" "--rate;abc;--rate" "--pattern;zigzag;--pattern"
             "--fail-link;9,9,9:+X;--fail-link" "--fail-link;0,0,0:+Q;--fail-link"
             "--cycles;-5;--cycles" "--warmup;x;--warmup")
  list(GET case 0 opt)
  list(GET case 1 val)
  list(GET case 2 name)
  expect_run(2 ${PRESETS}/teaching-4x4x4.json ${opt} ${val})
  string(STRIP "${err}" line)
  if(NOT line MATCHES "${name}" OR line MATCHES "\n")
    message(FATAL_ERROR "${opt} ${val}: expected one line naming ${name}, got: ${err}")
  endif()
endforeach()
expect_run(2 ${PRESETS}/teaching-4x4x4.json --bogus)
if(NOT err MATCHES "bogus")
  message(FATAL_ERROR "unknown option not named: ${err}")
endif()
expect_run(2 ${WORK}/no-such-file.json)
if(NOT err MATCHES "no-such-file.json")
  message(FATAL_ERROR "missing file not named: ${err}")
endif()
file(WRITE ${WORK}/bad.json "{\"format\":\"flitscope-scenario\",\"version\":1,\"topology\":{\"radix\":[4]},\"router\":{\"vcCount\":99}}")
expect_run(2 ${WORK}/bad.json)
if(NOT err MATCHES "scenario.router.vcCount")
  message(FATAL_ERROR "bad field not named: ${err}")
endif()

# A full disk: what run prints cannot reach its file (/dev/full), so it exits
# 3 with one line saying why, never 0 with the summary lost (issue 41).
if(EXISTS /dev/full)
  execute_process(COMMAND "${CLI}" run ${PRESETS}/teaching-4x4x4.json --cycles 200
    RESULT_VARIABLE rc OUTPUT_FILE /dev/full ERROR_VARIABLE err)
  string(STRIP "${err}" err)
  if(NOT rc EQUAL 3 OR NOT err MATCHES "^flitscope-cli: writing the output failed: No space left on device$")
    message(FATAL_ERROR "run > /dev/full: exit ${rc}, stderr '${err}' (expected 3 and the reason)")
  endif()
endif()

# The special network (T3E section 8): the recovery preset's SPUTs and SGET
# in run --json's "special" and the table's "special network" line; the
# resets' drops under dropped.router-reset. A run that sends none has no
# "special" key.
expect_run(0 ${PRESETS}/t3e-special-recovery-4x4x4.json --cycles 1500 --warmup 0 --json)
string(JSON writes GET "${out}" special writes)
string(JSON responses GET "${out}" special responses)
string(JSON collisions GET "${out}" special lost collision)
string(JSON arrived GET "${out}" special readsDelivered 0 arrivedAt)
string(JSON resets GET "${out}" dropped router-reset)
if(NOT writes EQUAL 65 OR NOT responses EQUAL 1 OR NOT collisions EQUAL 0 OR NOT arrived STREQUAL "(0,0,0)" OR resets LESS 1)
  message(FATAL_ERROR "special network summary:\n${out}")
endif()
expect_run(0 ${PRESETS}/t3e-special-recovery-4x4x4.json --cycles 1500 --warmup 0)
if(NOT out MATCHES "special network +SPUT 65 \\(written 65\\)  SGET 1 \\(read 1, responses 1\\)  lost collision=0")
  message(FATAL_ERROR "no special network line:\n${out}")
endif()
expect_run(0 ${PRESETS}/t3e-8x8x8.json --cycles 200 --warmup 0 --json)
string(JSON special ERROR_VARIABLE none GET "${out}" special)
if(NOT none)
  message(FATAL_ERROR "a run without special packets has a 'special' key:\n${out}")
endif()
