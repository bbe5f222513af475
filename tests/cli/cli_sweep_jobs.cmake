# flitscope-cli sweep --jobs N (docs/cli.md): the points run in parallel, and
# the output (table, CSV, JSON) and the progress bar are byte for byte those
# of --jobs 1, also for sweeps that stop at saturation (the speculative points
# past it are dropped) and one whose saturation is a deadlock. Bad --jobs
# exits 2 with one line naming it.
cmake_policy(VERSION 3.22)
file(MAKE_DIRECTORY ${WORK})

function(sweep_output jobs outvar errvar)
  execute_process(COMMAND ${CLI} sweep ${ARGN} --jobs ${jobs}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sweep ${ARGN} --jobs ${jobs}: exit ${rc}\n${err}")
  endif()
  set(${outvar} "${out}" PARENT_SCOPE)
  set(${errvar} "${err}" PARENT_SCOPE)
endfunction()

# A ring of 4 without datelines deadlocks at high load (Dally & Seitz Figure 1).
set(RING ${CMAKE_CURRENT_LIST_DIR}/data/ring-no-datelines.json)

set(DIMORDER ${CMAKE_CURRENT_LIST_DIR}/data/dimension-order-4x4x4.json)
# name|expect|arguments: expect "saturates" (the last point saturated, before
# the last rate) or "full" (no point saturated).
set(cases
  "teaching|saturates|${PRESETS}/teaching-4x4x4.json --rates 0.05:1:0.05 --cycles 800 --warmup 200"
  "t3e|saturates|${PRESETS}/t3e-8x8x8.json --rates 0.1:1:0.1 --cycles 400 --warmup 100"
  "dimorder|full|${DIMORDER} --rates 0.05:0.5:0.05 --cycles 400 --pattern tornado --seed 4"
  "deadlock|saturates|${RING} --rates 0.1:1:0.1 --cycles 20000")
foreach(case IN LISTS cases)
  string(REPLACE "|" ";" fields "${case}")
  list(GET fields 0 name)
  list(GET fields 1 expect)
  list(GET fields 2 argText)
  separate_arguments(args UNIX_COMMAND "${argText}")
  foreach(format table --json --csv)
    set(formatArg ${format})
    if(format STREQUAL "table")
      set(formatArg "")
    endif()
    sweep_output(1 expected expectedErr ${args} ${formatArg})
    foreach(jobs 2 3)
      sweep_output(${jobs} out err ${args} ${formatArg})
      if(NOT out STREQUAL expected)
        message(FATAL_ERROR "${name} ${format}: --jobs ${jobs} differs from --jobs 1:\n${out}\n---\n${expected}")
      endif()
      if(NOT err STREQUAL expectedErr)
        message(FATAL_ERROR "${name} ${format}: --jobs ${jobs} progress differs:\n${err}\n---\n${expectedErr}")
      endif()
    endforeach()
    if(format STREQUAL "--json")
      string(JSON n LENGTH "${expected}" points)
      math(EXPR last "${n} - 1")
      string(JSON lastSat GET "${expected}" points ${last} saturated)
      string(JSON satType TYPE "${expected}" saturationRate)  # GET gives "" for null
      if(expect STREQUAL "saturates" AND (satType STREQUAL "NULL" OR NOT lastSat OR n LESS 2))
        message(FATAL_ERROR "${name}: expected a sweep stopped at saturation:\n${expected}")
      endif()
      if(expect STREQUAL "full" AND (NOT satType STREQUAL "NULL" OR lastSat))
        message(FATAL_ERROR "${name}: expected no saturation:\n${expected}")
      endif()
    endif()
  endforeach()
endforeach()

# The ring's saturated point is a deadlock.
sweep_output(2 out err ${RING} --rates 0.1:1:0.1 --cycles 20000 --json)
string(JSON n LENGTH "${out}" points)
math(EXPR last "${n} - 1")
string(JSON deadlock GET "${out}" points ${last} deadlock)
if(NOT deadlock)
  message(FATAL_ERROR "the ring's sweep should end in a deadlock:\n${out}")
endif()

foreach(bad 0 -1 abc 257 1.5 "")
  execute_process(COMMAND ${CLI} sweep ${PRESETS}/teaching-4x4x4.json --rates 0.1:0.2:0.1 --jobs "${bad}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(STRIP "${err}" line)
  if(NOT rc EQUAL 2 OR NOT line MATCHES "^flitscope-cli sweep: --jobs: " OR line MATCHES "\n")
    message(FATAL_ERROR "--jobs '${bad}': exit ${rc}, expected 2 and one line naming --jobs: ${err}")
  endif()
endforeach()
