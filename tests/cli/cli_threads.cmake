# flitscope-cli --threads N (issue 40, docs/engine.md "A parallel cycle"):
# run, sweep and barrier give the same output for 1, 2, 3 and 4 threads:
# every run --json key but the wall-clock ones, the fingerprint and every
# event of a trace, with faults while traffic runs, a scenario timeline, a
# recording replayed, and a machine whose 33 words of routers do not split
# evenly (the XT 11x12x16: 2,112 routers). Bad --threads exits 2 naming it.
cmake_policy(VERSION 3.22)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
file(MAKE_DIRECTORY ${WORK})

# run ARGS --threads N --json, without the keys that time the run (the
# whole run's and a fault's route rebuild).
function(run_json threads outvar)
  cli_expect(0 run ${ARGN} --threads ${threads} --json --fingerprint)
  string(JSON out REMOVE "${out}" wallSeconds)
  string(JSON out REMOVE "${out}" nodeCyclesPerSecond)
  string(JSON faults ERROR_VARIABLE none GET "${out}" faults)
  if(NOT none)
    string(JSON out REMOVE "${out}" faults rebuildSeconds)
    string(REGEX REPLACE "[0-9]+ ms\"" "N ms\"" out "${out}")  # faults.text
  endif()
  set(${outvar} "${out}" PARENT_SCOPE)
endfunction()

set(cases
  "generic, a link failing under load|${PRESETS}/generic-8x8x8.json^--cycles^600^--warmup^200^--rate^0.3^--fail-link^3,3,3:+X^--fail-at^300"
  "T3E, adaptive, a node failing|${PRESETS}/t3e-8x8x8.json^--cycles^500^--warmup^100^--adaptive^on^--fail-node^2,2,2^--fail-at^250"
  "XT, age arbiter, uneven parts|${PRESETS}/xt-11x12x16.json^--cycles^300^--warmup^100^--rate^0.2"
  "16x16x16 past saturation|${PRESETS}/generic-16x16x16.json^--cycles^150^--warmup^50^--rate^0.6"
  "teaching reroute timeline|${PRESETS}/teaching-reroute-4x4x4.json^--cycles^800^--warmup^0")
foreach(case IN LISTS cases)
  cli_split_case("${case}" name args)
  run_json(1 expected ${args})
  foreach(threads 2 3 4)
    run_json(${threads} got ${args})
    if(NOT got STREQUAL expected)
      message(FATAL_ERROR "${name}: --threads ${threads} differs from --threads 1:\n${got}\n---\n${expected}")
    endif()
  endforeach()
endforeach()

# Every event of a trace, and a recording made on one thread replayed on three.
foreach(threads 1 3)
  cli_expect(0 run ${PRESETS}/t3e-8x8x8.json --cycles 300 --warmup 0 --rate 0.3 --fail-link 1,2,3:+Y
    --fail-at 150 --threads ${threads} --trace ${WORK}/trace-${threads}.json --record ${WORK}/rec-${threads}.json)
endforeach()
file(READ ${WORK}/trace-1.json trace1)
file(READ ${WORK}/trace-3.json trace3)
if(NOT trace1 STREQUAL trace3)
  message(FATAL_ERROR "the trace of --threads 3 differs from that of --threads 1")
endif()
string(LENGTH "${trace1}" traceLength)
if(traceLength LESS 100000)
  message(FATAL_ERROR "the trace is too short to prove anything (${traceLength} bytes)")
endif()
run_json(1 replay1 ${WORK}/rec-1.json)
run_json(3 replay3 ${WORK}/rec-1.json)
if(NOT replay1 STREQUAL replay3)
  message(FATAL_ERROR "the recording replayed on 3 threads differs:\n${replay3}\n---\n${replay1}")
endif()

# A sweep and a barrier beside data traffic.
cli_expect(0 sweep ${PRESETS}/t3e-8x8x8.json --rates 0.1:0.5:0.2 --cycles 300 --warmup 100 --jobs 1 --json)
set(sweep1 "${out}")
cli_expect(0 sweep ${PRESETS}/t3e-8x8x8.json --rates 0.1:0.5:0.2 --cycles 300 --warmup 100 --jobs 1 --json --threads 2)
if(NOT out STREQUAL sweep1)
  message(FATAL_ERROR "sweep --threads 2 differs from --threads 1:\n${out}\n---\n${sweep1}")
endif()
cli_expect(0 barrier ${PRESETS}/t3e-8x8x8.json --load 0.5 --json)
set(barrier1 "${out}")
cli_expect(0 barrier ${PRESETS}/t3e-8x8x8.json --load 0.5 --json --threads 4)
if(NOT out STREQUAL barrier1)
  message(FATAL_ERROR "barrier --threads 4 differs from --threads 1:\n${out}\n---\n${barrier1}")
endif()

foreach(bad 0 -1 abc 65 "")
  execute_process(COMMAND ${CLI} run ${PRESETS}/teaching-4x4x4.json --cycles 10 --threads "${bad}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${err}" line)
  if(NOT rc EQUAL 2 OR NOT line MATCHES "^flitscope-cli run: --threads: " OR line MATCHES "\n")
    message(FATAL_ERROR "--threads '${bad}': exit ${rc}, expected 2 and one line naming --threads: ${err}")
  endif()
endforeach()
