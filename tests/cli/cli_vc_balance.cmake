# flitscope-cli check --vc-balance and optimize-vc: T3E paper Table 1 (Scott &
# Thorson 1996, section 4). The preset t3e-table1-ring32.json, a 32-node ring
# routed as the paper's numbers need (half-ring ties + from even sources,
# "tieRule": "sourceParity"; the + ring's dateline node 0 and the - ring's 31,
# so both switch after the wrap link), prints the "time of crossing" rows;
# optimize-vc writes a scenario that loads again and balances better; bad
# options exit 2 naming the option.
cmake_policy(VERSION 3.22)
include("${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake")
file(MAKE_DIRECTORY "${WORK}")
set(RING32 "${PRESETS}/t3e-table1-ring32.json")
# Node 30 sends + to 2 through node 0: VC1 there is a dateline violation.
file(WRITE "${WORK}/violation.json" [=[
{"format": "flitscope-scenario", "version": 1, "name": "8-node ring, bad VC table",
 "topology": {"radix": [8], "wrap": [true]},
 "routing": {"algorithm": "dimension-order", "tieRule": "sourceParity",
             "datelines": [{"plus": 0, "minus": 7}],
             "vcTables": {"entries": [{"node": "6", "direction": "+X", "vcs": [0, 1, 0, 0, 0, 0, 0, 0]}]}}}
]=])

# Table 1, ring 32, time of crossing: .807 1 / .664 1 / .656 1 / .625 1.
cli_expect(0 check "${RING32}" --vc-balance)
foreach(row "X +32 +32 +0.807 +1.000" "X +32 +16 +0.664 +1.000" "X +32 +8 +0.656 +1.000"
            "X +32 +4 +0.625 +1.000")
  if(NOT out MATCHES "${row}")
    message(FATAL_ERROR "check --vc-balance: no row matching '${row}'\n${out}")
  endif()
endforeach()
cli_expect(0 check "${RING32}" --vc-balance --json)
string(JSON rows LENGTH "${out}" vcBalance)
string(JSON ring GET "${out}" vcBalance 1 ring)
string(JSON subring GET "${out}" vcBalance 1 subring)
string(JSON dim GET "${out}" vcBalance 1 dimension)
string(JSON avg GET "${out}" vcBalance 1 average)
string(JSON max GET "${out}" vcBalance 1 maximum)
if(NOT rows EQUAL 4 OR NOT ring EQUAL 32 OR NOT subring EQUAL 16 OR NOT dim EQUAL 0
   OR NOT avg MATCHES "^0\\.664" OR NOT max MATCHES "^1")
  message(FATAL_ERROR "vcBalance[1]: ${rows} rows, ring ${ring} subring ${subring} ${avg} ${max}\n${out}")
endif()

# optimize-vc: full tables beat time of crossing on every row; the written
# scenario loads again and check --vc-balance agrees with what was printed.
cli_expect(0 optimize-vc "${RING32}" --tables full --seed 3 --iterations 100000
           --out "${WORK}/ring32-opt.json" --json)
string(JSON written GET "${out}" written)
string(JSON optAvg GET "${out}" vcBalance 0 average)
string(JSON entries GET "${out}" entries)
if(NOT written OR entries LESS 1)
  message(FATAL_ERROR "optimize-vc: written ${written}, ${entries} entries\n${out}")
endif()
cli_expect(0 check "${WORK}/ring32-opt.json" --vc-balance --json)
string(JSON reAvg GET "${out}" vcBalance 0 average)
if(NOT reAvg STREQUAL optAvg OR NOT reAvg MATCHES "^0\\.(0|1)")
  message(FATAL_ERROR "reloaded ring 32 average ${reAvg}, optimize-vc printed ${optAvg}")
endif()
cli_expect(0 check "${WORK}/ring32-opt.json")  # the dependency check of the written tables
# The simulator runs the written tables (per-ring datelines, VC1 starts):
# traffic flows, no packet commits a dateline violation.
cli_expect(0 run "${WORK}/ring32-opt.json" --cycles 3000 --warmup 500 --rate 0.3 --json)
string(JSON violations GET "${out}" datelineViolations)
string(JSON delivered GET "${out}" delivered)
if(NOT violations EQUAL 0 OR delivered LESS 1000)
  message(FATAL_ERROR "run on the optimized ring: ${violations} violations, ${delivered} delivered\n${out}")
endif()
# Same seed, same file.
cli_expect(0 optimize-vc "${RING32}" --tables full --seed 3 --iterations 100000
           --out "${WORK}/ring32-opt2.json")
file(READ "${WORK}/ring32-opt.json" a)
file(READ "${WORK}/ring32-opt2.json" b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "optimize-vc is not deterministic for a seed")
endif()

# A VC table that sends a dateline-crossing route out on VC1: exit 1.
cli_expect(1 check "${WORK}/violation.json" --vc-balance)
if(NOT out MATCHES "dateline violations")
  message(FATAL_ERROR "no violation reported\n${out}")
endif()

# Bad input: exit 2, one line naming the option.
foreach(case
    "--tables: expected t3e or full, got 'half'|optimize-vc^${RING32}^--tables^half^--out^${WORK}/x.json"
    "--out: missing|optimize-vc^${RING32}"
    "--iterations: expected an integer 1..|optimize-vc^${RING32}^--iterations^0^--out^${WORK}/x.json"
    "--seed: expected an integer|optimize-vc^${RING32}^--seed^abc^--out^${WORK}/x.json"
    "--weights: expected 6 comma-separated numbers|optimize-vc^${RING32}^--weights^1,2,3^--out^${WORK}/x.json"
    "--out: cannot write|optimize-vc^${RING32}^--iterations^10^--out^${WORK}/no/such/dir/x.json"
    "--vc-balance: takes no --fail-link|check^${RING32}^--vc-balance^--fail-link^0:+X")
  cli_split_case("${case}" expected argv)
  cli_expect(2 ${argv})
  string(FIND "${err}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${argv}: stderr lacks '${expected}'\n${err}")
  endif()
endforeach()
