# flitscope-cli run --record / --fingerprint / --trace and replay of a
# recording (docs/recording-format.md, docs/cli.md): a recorded run with
# interventions (the scenario's timeline and --fail-link at --fail-at)
# replays to the same fingerprint; bad recordings exit 2 naming the field.
include(${CMAKE_CURRENT_LIST_DIR}/cli_common.cmake)
macro(expect_run code)  # flitscope-cli run ...
  cli_expect(${code} run ${ARGN})
endmacro()
file(MAKE_DIRECTORY ${WORK})
# A case "FILE [ARGS];EXPECTED": run FILE (under WORK) exits 2 with one line matching EXPECTED.
macro(expect_one_line_error case)
  list(GET case 0 args)
  list(GET case 1 expected)
  separate_arguments(args)
  list(GET args 0 file)
  list(REMOVE_AT args 0)
  expect_run(2 ${WORK}/${file} ${args})
  string(STRIP "${err}" line)
  if(NOT line MATCHES "${expected}" OR line MATCHES "\n")
    message(FATAL_ERROR "${file} ${args}: expected one line matching '${expected}', got: ${err}")
  endif()
endmacro()

# Without the option, no key (the golden outputs stay as they are).
expect_run(0 ${PRESETS}/teaching-4x4x4.json --cycles 200 --warmup 0 --json)
string(JSON fp ERROR_VARIABLE e GET "${out}" fingerprint)
if(NOT e)
  message(FATAL_ERROR "fingerprint without --fingerprint:\n${out}")
endif()

# The teaching torus with a timeline: a link fails and comes back, the rate changes.
file(READ ${PRESETS}/teaching-4x4x4.json scenario)
string(JSON scenario SET "${scenario}" timeline
  [=[[{"cycle": 300, "failLink": "1,0,0:+Y"}, {"cycle": 700, "setRate": 0.05},
      {"cycle": 900, "repairLink": "1,0,0:+Y"}]]=])
file(WRITE ${WORK}/timeline.json "${scenario}")
expect_run(0 ${WORK}/timeline.json --cycles 1500 --warmup 200 --fail-link 2,2,2:+X --fail-at 500
           --record ${WORK}/run.rec.json --fingerprint --json)
string(JSON fp1 GET "${out}" fingerprint)
string(JSON delivered1 GET "${out}" delivered)
string(JSON latency1 GET "${out}" latency mean)

file(READ ${WORK}/run.rec.json rec)
string(JSON version GET "${rec}" flitscopeRecording)
string(JSON cycles GET "${rec}" cycles)
string(JSON entries LENGTH "${rec}" timeline)
string(JSON second GET "${rec}" timeline 1)
if(NOT version EQUAL 1 OR NOT cycles EQUAL 1700 OR NOT entries EQUAL 4 OR NOT second MATCHES "2,2,2:\\+X")
  message(FATAL_ERROR "recording: version ${version}, cycles ${cycles}, ${entries} entries, second ${second}\n${rec}")
endif()

# Replay: the recording's cycles and warm-up, the same event stream and summary.
expect_run(0 ${WORK}/run.rec.json --json)
string(JSON fp2 GET "${out}" fingerprint)
string(JSON delivered2 GET "${out}" delivered)
string(JSON latency2 GET "${out}" latency mean)
if(NOT fp1 STREQUAL fp2 OR NOT delivered1 EQUAL delivered2 OR NOT latency1 STREQUAL latency2)
  message(FATAL_ERROR "replay differs: fingerprint ${fp1} vs ${fp2}, delivered ${delivered1} vs ${delivered2}")
endif()
# A shorter replay differs (the fingerprint covers the cycles run).
expect_run(0 ${WORK}/run.rec.json --cycles 100 --json)
string(JSON fp3 GET "${out}" fingerprint)
if(fp3 STREQUAL fp1)
  message(FATAL_ERROR "--cycles 100 replay has the full run's fingerprint")
endif()

# Faults applied after the last cycle (--fail-at at the end) are in the recording and the replay.
expect_run(0 ${PRESETS}/teaching-4x4x4.json --cycles 300 --warmup 100 --fail-node 1,1,1 --fail-at 400
           --record ${WORK}/end.rec.json --fingerprint --json)
string(JSON fpEnd1 GET "${out}" fingerprint)
expect_run(0 ${WORK}/end.rec.json --json)
string(JSON fpEnd2 GET "${out}" fingerprint)
if(NOT fpEnd1 STREQUAL fpEnd2)
  message(FATAL_ERROR "replay of a run with faults at its end differs: ${fpEnd1} vs ${fpEnd2}")
endif()

# Trace: Chrome trace-event JSON that parses; a window of cycles.
expect_run(0 ${WORK}/run.rec.json --cycles 100 --trace ${WORK}/trace.json --trace-cycles 250:400 --json)
file(READ ${WORK}/trace.json trace)
string(JSON n LENGTH "${trace}" traceEvents)
if(n LESS 100)
  message(FATAL_ERROR "trace has ${n} events")
endif()
string(REGEX MATCHALL "\"ts\":[0-9]+" stamps "${trace}")
foreach(stamp IN LISTS stamps)
  string(REGEX REPLACE ".*:" "" ts "${stamp}")
  if(ts LESS 250 OR ts GREATER 400)
    message(FATAL_ERROR "trace event outside --trace-cycles: ts ${ts}")
  endif()
endforeach()

# Bad input: exit 2, one line naming the field or option.
file(WRITE ${WORK}/future.json "{\"flitscopeRecording\": 2, \"cycles\": 10, \"scenario\": {}}")
file(WRITE ${WORK}/order.json
  "{\"flitscopeRecording\": 1, \"cycles\": 10, \"scenario\": {\"format\": \"flitscope-scenario\", \"version\": 1, \"topology\": {\"radix\": [4]}},
    \"timeline\": [{\"cycle\": 5, \"setRate\": 0.1}, {\"cycle\": 2, \"failLink\": \"0:+X\"}]}")
foreach(case "future.json;recording.flitscopeRecording: version 2 is newer"
             "order.json;recording.timeline.1..cycle: cycles must not decrease"
             "run.rec.json --rate 0.1;--rate: not with a recording")
  expect_one_line_error("${case}")
endforeach()
expect_run(2 ${PRESETS}/teaching-4x4x4.json --trace-cycles 1:2)
if(NOT err MATCHES "--trace-cycles: needs --trace FILE")
  message(FATAL_ERROR "--trace-cycles alone: ${err}")
endif()

# A fat-tree (issue 19): its timeline (an RN1, a unit tree failed and
# repaired, the load changed, a channel failed at the last change's cycle)
# and --record; the recording replays to the same fingerprint and summary.
file(READ ${PRESETS}/transit-4k.json tree)
string(JSON tree SET "${tree}" timeline
  [=[[{"cycle": 800, "failRouter": 5}, {"cycle": 400, "failUnitTree": 65}, {"cycle": 1500, "setRate": 0.1},
      {"cycle": 2000, "repairUnitTree": 65}, {"cycle": 2000, "failChannel": 77}]]=])
file(WRITE ${WORK}/tree.json "${tree}")
expect_run(0 ${WORK}/tree.json --cycles 2000 --warmup 500 --record ${WORK}/tree.rec.json --fingerprint --json)
string(JSON treeFp1 GET "${out}" fingerprint)
string(JSON treeSuccess1 GET "${out}" firstAttemptSuccess)
string(JSON treeRouters GET "${out}" faults routers)
file(READ ${WORK}/tree.rec.json treeRec)
string(JSON treeCycles GET "${treeRec}" cycles)
string(JSON treeEntries LENGTH "${treeRec}" timeline)
string(JSON treeFirst GET "${treeRec}" timeline 0 failUnitTree)
if(NOT treeCycles EQUAL 2500 OR NOT treeEntries EQUAL 5 OR NOT treeFirst EQUAL 65 OR NOT treeRouters EQUAL 1)
  message(FATAL_ERROR "fat-tree recording: cycles ${treeCycles}, ${treeEntries} entries, first ${treeFirst}, "
                      "routers failed at the end ${treeRouters}\n${treeRec}")
endif()
expect_run(0 ${WORK}/tree.rec.json --json)
string(JSON treeFp2 GET "${out}" fingerprint)
string(JSON treeSuccess2 GET "${out}" firstAttemptSuccess)
if(NOT treeFp1 STREQUAL treeFp2 OR NOT treeSuccess1 STREQUAL treeSuccess2)
  message(FATAL_ERROR "fat-tree replay differs: ${treeFp1} vs ${treeFp2}, ${treeSuccess1} vs ${treeSuccess2}")
endif()
# The text summary of a replay names the fingerprint too, as a torus's does.
expect_run(0 ${WORK}/tree.rec.json)
if(NOT out MATCHES "fingerprint +${treeFp1}\n")
  message(FATAL_ERROR "the fat-tree replay's text has no fingerprint ${treeFp1}:\n${out}")
endif()
# The same run without the timeline is another run.
expect_run(0 ${PRESETS}/transit-4k.json --cycles 2000 --warmup 500 --fingerprint --json)
string(JSON treeFp3 GET "${out}" fingerprint)
if(treeFp3 STREQUAL treeFp1)
  message(FATAL_ERROR "the fat-tree's timeline changed nothing: ${treeFp3}")
endif()
file(WRITE ${WORK}/tree-bad.json "{\"flitscopeRecording\": 1, \"cycles\": 10, \"scenario\": ${tree}}")
string(JSON treeNoTimeline REMOVE "${tree}" timeline)
file(WRITE ${WORK}/tree-id.json "{\"flitscopeRecording\": 1, \"cycles\": 10, \"scenario\": ${treeNoTimeline},
  \"timeline\": [{\"cycle\": 2, \"failRouter\": 99999}]}")
foreach(case "tree-bad.json;recording.scenario.timeline: a recording's interventions are in its own timeline"
             "tree-id.json;recording.timeline.0..failRouter: must be 0..4159, got 99999"
             "tree.rec.json --fail-router 3;--fail-router: not with a recording")
  expect_one_line_error("${case}")
endforeach()
