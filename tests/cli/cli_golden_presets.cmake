# Golden outputs: every preset's `run --json` over a fixed window, compared
# with tests/cli/data/golden/<preset>.json by scripts/compare-golden.py.
# Why: the engine is being rewritten (Simulator and LeanSimulator were merged
# into one, whose state layout keeps changing), and every preset's `run
# --json` must stay identical where the model does not change. Every golden key must come back with the same value;
# new keys are allowed. The timing keys (wallSeconds, nodeCyclesPerSecond)
# are not in the golden files. A deliberate change: docs/cli.md, "Golden
# outputs", regenerates them from this test's outputs.
cmake_policy(VERSION 3.22)
set(GOLDEN ${CMAKE_CURRENT_LIST_DIR}/data/golden)
set(COMPARE ${CMAKE_CURRENT_LIST_DIR}/../../scripts/compare-golden.py)
# Every preset (tori and fat-trees) in about 12 s on a RelWithDebInfo build.
set(WINDOW --cycles 4000 --warmup 1000)
find_program(PYTHON3 python3)
if(NOT PYTHON3)
  message(FATAL_ERROR "python3 not found (scripts/install-deps.sh installs it)")
endif()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(GLOB presets "${PRESETS}/*.json")
foreach(preset IN LISTS presets)
  get_filename_component(name "${preset}" NAME)
  execute_process(COMMAND "${CLI}" run "${preset}" ${WINDOW} --json
    RESULT_VARIABLE rc OUTPUT_FILE ${WORK}/${name} ERROR_VARIABLE err)
  # Exit 1 is a deadlock: expected of t3e-protocol-deadlock-4x4x4 (T3E
  # section 3.3) and of trc-figure1-ring4 (Dally & Seitz
  # Figure 1), whose golden output holds the watchdog's report.
  file(READ ${WORK}/${name} out)
  if(NOT rc EQUAL 0 AND NOT (rc EQUAL 1 AND out MATCHES "\"deadlock\": true"))
    message(FATAL_ERROR "${name}: exit ${rc}\n${err}")
  endif()
endforeach()

execute_process(COMMAND ${PYTHON3} ${COMPARE} ${GOLDEN} ${WORK}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "run --json differs from the golden outputs:\n${out}${err}"
    "If the change is deliberate: scripts/compare-golden.py --update ${GOLDEN} ${WORK}")
endif()
