# flitscope-cli --tie-rule (docs/cli.md, docs/routing.md "Half-ring ties"):
# run and sweep override routing.tieRule; a bad value, "random" with
# direction order exit 2 with one line naming the setting; route shows which
# way a tie goes.
cmake_policy(SET CMP0054 NEW)
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
macro(expect_run code)
  cli_expect(${code} ${ARGN})
endmacro()
function(expect_one_line text pattern)
  string(STRIP "${text}" line)
  if(NOT line MATCHES "${pattern}" OR line MATCHES "\n")
    message(FATAL_ERROR "expected one line matching '${pattern}', got: ${text}")
  endif()
endfunction()

set(DIMORDER ${CMAKE_CURRENT_LIST_DIR}/data/dimension-order-4x4x4.json)

# Every rule runs.
foreach(rule plus sourceParity random)
  expect_run(0 run ${DIMORDER} --cycles 500 --warmup 100 --tie-rule ${rule} --json)
  string(JSON deadlock GET "${out}" deadlock)
  if(deadlock)
    message(FATAL_ERROR "--tie-rule ${rule}: deadlock")
  endif()
endforeach()
expect_run(0 sweep ${DIMORDER} --rates 0.1:0.2:0.1 --cycles 500 --warmup 100 --tie-rule sourceParity --json)

expect_run(2 run ${DIMORDER} --tie-rule minus)
expect_one_line("${err}" "--tie-rule: expected plus, sourceParity or random, got 'minus'")
expect_run(2 run ${PRESETS}/t3e-8x8x8.json --tie-rule random)
expect_one_line("${err}" "--tie-rule: \"random\" draws per packet")

# route: (0,0,0) -> (2,0,0) is half a 4-ring away.
expect_run(0 route ${DIMORDER} --from 0,0,0 --to 2,0,0)
if(NOT out MATCHES "\n +0  \\(0,0,0\\) +[0-9]+ +\\+X" OR out MATCHES "ties:")
  message(FATAL_ERROR "plus: the tie should go +X, without a ties line:\n${out}")
endif()
expect_run(0 route ${DIMORDER} --from 1,0,0 --to 3,0,0 --tie-rule sourceParity)
if(NOT out MATCHES "ties: sourceParity" OR NOT out MATCHES "\n +0  \\(1,0,0\\) +[0-9]+ +-X")
  message(FATAL_ERROR "sourceParity: from an odd X the tie should go -X:\n${out}")
endif()
expect_run(0 route ${DIMORDER} --from 0,0,0 --to 2,0,0 --tie-rule random --tie-draw 1 --json)
string(JSON first GET "${out}" hops 0 out)
string(JSON draw GET "${out}" tieDraw)
if(NOT first STREQUAL "-X" OR NOT draw EQUAL 1)
  message(FATAL_ERROR "random, draw 1: the tie should go -X:\n${out}")
endif()
expect_run(2 route ${DIMORDER} --from 0,0,0 --to 2,0,0 --tie-draw 1)
expect_one_line("${err}" "--tie-draw: only for routing.tieRule random")
