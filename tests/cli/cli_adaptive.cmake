# flitscope-cli run --adaptive on|off (docs/cli.md): the JSON summary keys
# adaptiveRouting and adaptiveHops; bad values exit 2 with one line naming
# --adaptive.
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
macro(expect_run code)  # flitscope-cli run ...
  cli_expect(${code} run ${ARGN})
endmacro()

expect_run(0 ${PRESETS}/t3e-8x8x8.json --cycles 1500 --warmup 200 --rate 0.2 --adaptive on --json)
string(JSON on GET "${out}" adaptiveRouting)
string(JSON hops GET "${out}" adaptiveHops)
string(JSON delivered GET "${out}" delivered)
if(NOT on OR hops LESS 1 OR delivered LESS 1000)
  message(FATAL_ERROR "--adaptive on: expected adaptive hops:\n${out}")
endif()

expect_run(0 ${PRESETS}/t3e-8x8x8.json --cycles 1500 --warmup 200 --rate 0.2 --adaptive off --json)
string(JSON on GET "${out}" adaptiveRouting)
string(JSON hops GET "${out}" adaptiveHops)
if(on OR NOT hops EQUAL 0)
  message(FATAL_ERROR "--adaptive off: expected no adaptive hops:\n${out}")
endif()

expect_run(0 ${PRESETS}/t3e-8x8x8.json --cycles 300 --warmup 0 --adaptive on)
if(NOT out MATCHES "adaptive hops +[1-9]")
  message(FATAL_ERROR "table output lacks adaptive hops:\n${out}")
endif()

# Bad value, and a machine without an adaptive VC.
foreach(case "t3e-8x8x8.json;maybe" "generic-8x8x8.json;on")
  list(GET case 0 preset)
  list(GET case 1 val)
  expect_run(2 ${PRESETS}/${preset} --adaptive ${val})
  string(STRIP "${err}" line)
  if(NOT line MATCHES "--adaptive" OR line MATCHES "\n")
    message(FATAL_ERROR "${preset} --adaptive ${val}: expected one line naming --adaptive, got: ${err}")
  endif()
endforeach()

# A machine with an adaptive VC but the non-speculative router: adaptive
# routing is not modelled there (flit::adaptiveUnavailableReason, the rule the
# window's switch asks too); --adaptive on says so in one line.
file(WRITE "${WORK}/non-speculative.json" [=[
{"format": "flitscope-scenario", "version": 1, "topology": {"radix": [4, 4, 4]},
 "router": {"vcCount": 3, "adaptiveVcs": 1, "speculative": false, "adaptiveRouting": false},
 "routing": {"algorithm": "direction-order", "adaptive": false}}
]=])
expect_run(2 ${WORK}/non-speculative.json --cycles 100 --adaptive on)
string(STRIP "${err}" line)
if(NOT line MATCHES "--adaptive: on: .*router.speculative" OR line MATCHES "\n")
  message(FATAL_ERROR "non-speculative --adaptive on: expected one line naming router.speculative, got: ${err}")
endif()
expect_run(0 ${WORK}/non-speculative.json --cycles 100 --adaptive off)

# The age arbiter on a machine with an adaptive VC (the T3E): refused in one
# line naming --arbiter and the reason (flit::arbiterUnavailableReason, which
# also greys the age arbiter in the window's list).
expect_run(2 ${PRESETS}/t3e-8x8x8.json --cycles 100 --arbiter age)
string(STRIP "${err}" line)
if(NOT line MATCHES "--arbiter: age needs adaptiveVcs 0" OR line MATCHES "\n")
  message(FATAL_ERROR "t3e --arbiter age: expected one line naming --arbiter, got: ${err}")
endif()
