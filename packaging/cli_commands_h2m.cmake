# Writes the COMMANDS section of flitscope-cli(1) (a help2man include file):
# each command that `flitscope-cli --help` lists, with the usage and options
# its own `--help` prints, so the page says what the program says.
# cmake -DCLI=<flitscope-cli> -DOUT=<file.h2m> -P cli_commands_h2m.cmake
execute_process(COMMAND "${CLI}" --help OUTPUT_VARIABLE top RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CLI} --help: exit ${rc}")
endif()

# Text as roff shows it literally: backslashes, hyphens, and lines that start
# with a control character.
function(roff_literal text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(page "[COMMANDS]\n")
string(REGEX MATCHALL "\n  [a-z][a-z-]* +[^\n]*" rows "${top}")
foreach(row IN LISTS rows)
  string(REGEX MATCH "^\n  ([a-z][a-z-]*) +(.*)$" unused "${row}")
  set(command "${CMAKE_MATCH_1}")
  set(summary "${CMAKE_MATCH_2}")
  execute_process(COMMAND "${CLI}" ${command} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CLI} ${command} --help: exit ${rc}")
  endif()
  string(REGEX MATCH "^usage: [^\n]*" usage "${help}")
  string(FIND "${help}" "Options:\n" at)
  if(at EQUAL -1)
    set(options "")
  else()
    string(SUBSTRING "${help}" ${at} -1 options)
  endif()
  roff_literal("${summary}" summary)
  roff_literal("${usage}\n\n${options}" body)
  string(APPEND page ".SS ${command}\n${summary}\n.PP\n.nf\n${body}\n.fi\n")
endforeach()
file(WRITE "${OUT}" "${page}")
