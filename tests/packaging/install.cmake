# `cmake --install` into a staging root puts every file a Debian program has
# where it belongs, and what it installed works from there: flitscope-cli
# runs an installed preset, and its bash completion offers commands, a
# command's options and the installed presets.
file(REMOVE_RECURSE "${STAGE}")
set(ENV{DESTDIR} "${STAGE}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD}" --prefix /usr RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
unset(ENV{DESTDIR})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install: exit ${rc}\n${err}")
endif()
set(root "${STAGE}/usr")
foreach(file IN ITEMS bin/flitscope bin/flitscope-cli share/applications/flitscope.desktop
                      share/icons/hicolor/128x128/apps/flitscope.png share/metainfo/${APP_ID}.metainfo.xml
                      share/man/man1/flitscope.1.gz share/man/man1/flitscope-cli.1.gz
                      share/bash-completion/completions/flitscope-cli share/flitscope/presets/teaching-4x4x4.json
                      share/flitscope/presets/transit-64.json)
  if(NOT EXISTS "${root}/${file}")
    message(FATAL_ERROR "cmake --install left out /usr/${file}")
  endif()
endforeach()

execute_process(COMMAND "${root}/bin/flitscope-cli" run "${root}/share/flitscope/presets/t3e-8x8x8.json"
                        --cycles 200 --warmup 0 --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"delivered\"")
  message(FATAL_ERROR "installed flitscope-cli run on an installed preset: exit ${rc}\n${out}${err}")
endif()

set(completion "${root}/share/bash-completion/completions/flitscope-cli")
function(complete expected)  # ARGN: the words typed so far, the last one being completed
  list(LENGTH ARGN count)
  math(EXPR cword "${count} - 1")
  list(JOIN ARGN " " words)
  execute_process(COMMAND bash -c "source '${completion}'; COMP_WORDS=(${words}); COMP_CWORD=${cword}; _flitscope_cli; printf '%s\\n' \"\${COMPREPLY[@]}\""
                  WORKING_DIRECTORY "${STAGE}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(FIND "${out}" "${expected}" at)
  if(NOT rc EQUAL 0 OR at EQUAL -1)
    message(FATAL_ERROR "bash completion of '${words}': expected ${expected} among:\n${out}${err}")
  endif()
endfunction()
complete("run" "${root}/bin/flitscope-cli" "r")
complete("tune-age" "${root}/bin/flitscope-cli" "tu")
complete("--cycles" "${root}/bin/flitscope-cli" "run" "--cy")
complete("--from" "${root}/bin/flitscope-cli" "route" "--")
complete("${root}/share/flitscope/presets/xt-11x12x16.json" "${root}/bin/flitscope-cli" "run" "xt-11")
