# flitscope-cli sweep: a latency curve that rises and stops at saturation,
# or with --past-saturation goes on past it; CSV and JSON output, a progress
# bar on stderr, bad --rates exits 2.
execute_process(COMMAND ${CLI} sweep ${PRESETS}/teaching-4x4x4.json --rates 0.1:1:0.15 --cycles 1500 --warmup 300 --json
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sweep exit ${rc}: ${err}")
endif()
if(NOT err MATCHES "\\[=+")
  message(FATAL_ERROR "no progress bar on stderr: ${err}")
endif()
string(JSON n LENGTH "${out}" points)
string(JSON sat GET "${out}" saturationRate)
if(n LESS 2 OR sat STREQUAL "null")
  message(FATAL_ERROR "expected a curve ending at saturation:\n${out}")
endif()
math(EXPR last "${n} - 1")
string(JSON first GET "${out}" points 0 latency mean)
string(JSON final GET "${out}" points ${last} latency mean)
string(JSON lastSat GET "${out}" points ${last} saturated)
if(NOT final GREATER first OR NOT lastSat)
  message(FATAL_ERROR "latency does not rise to saturation (${first} -> ${final}):\n${out}")
endif()

# --past-saturation (issue 42, item 12: no way to plot past the knee): all
# seven rates run; the points up to the knee are the ones above, byte for
# byte; saturationRate is still the knee; the points past it are there, each
# marked (at rate 1.0 this torus is saturated).
set(stopped "${out}")
set(knee "${sat}")
execute_process(COMMAND ${CLI} sweep ${PRESETS}/teaching-4x4x4.json --rates 0.1:1:0.15 --cycles 1500 --warmup 300
                        --past-saturation --json
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sweep --past-saturation exit ${rc}: ${err}")
endif()
string(JSON all LENGTH "${out}" points)
string(JSON sat GET "${out}" saturationRate)
string(JSON lastRate GET "${out}" points 6 rate)
string(JSON lastSat GET "${out}" points 6 saturated)
if(NOT all EQUAL 7 OR NOT n LESS all OR NOT sat EQUAL knee OR lastRate LESS 0.99 OR NOT lastSat)
  message(FATAL_ERROR "--past-saturation: ${all} points (${n} without), knee ${sat} (${knee}), "
                      "last point ${lastRate} saturated ${lastSat}:\n${out}")
endif()
foreach(i RANGE ${last})
  string(JSON a GET "${stopped}" points ${i})
  string(JSON b GET "${out}" points ${i})
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "--past-saturation changed point ${i}:\n${a}\n${b}")
  endif()
endforeach()
execute_process(COMMAND ${CLI} sweep --help RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "--past-saturation +Run every rate")
  message(FATAL_ERROR "sweep --help does not show --past-saturation:\n${out}")
endif()

execute_process(COMMAND ${CLI} sweep ${PRESETS}/teaching-4x4x4.json --rates 0.05:0.1:0.05 --cycles 500 --csv
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^rate,offered,accepted,latencyMean,latencyP50,latencyP99,networkLatencyMean,saturated\n0.0500,")
  message(FATAL_ERROR "csv: ${rc}\n${out}\n${err}")
endif()

# 0:1:1e-300 would list 10^300 rates (it once ran out of memory): refused.
foreach(bad "0.5:0.1:0.1" "0:1" "0:2:0.1" "a:b:c" "0:1:1e-300" "0:1:0.00001")
  execute_process(COMMAND ${CLI} sweep ${PRESETS}/teaching-4x4x4.json --rates ${bad}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "--rates")
    message(FATAL_ERROR "--rates ${bad}: exit ${rc}, ${err}")
  endif()
endforeach()
execute_process(COMMAND ${CLI} sweep ${PRESETS}/teaching-4x4x4.json
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--rates")
  message(FATAL_ERROR "missing --rates: exit ${rc}, ${err}")
endif()
