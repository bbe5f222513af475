# Helpers shared by the tests/cli scripts (include()d; CLI is set by the
# test's command line).
#
# cli_expect(CODE ARGS...): runs ${CLI} ARGS, fails unless it exits CODE;
# leaves its output in `out` and `err` (a macro: in the caller's scope).
macro(cli_expect code)
  execute_process(COMMAND ${CLI} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL ${code})
    message(FATAL_ERROR "${ARGN}: exit ${rc}, expected ${code}\nstdout: ${out}\nstderr: ${err}")
  endif()
endmacro()

# cli_split_case(CASE EXPECTED ARGV): a table row "expected text|arg^arg^..."
# into the expected text and the argument list.
function(cli_split_case row expectedVar argvVar)
  string(FIND "${row}" "|" bar)
  string(SUBSTRING "${row}" 0 ${bar} expected)
  math(EXPR start "${bar} + 1")
  string(SUBSTRING "${row}" ${start} -1 argv)
  string(REPLACE "^" ";" argv "${argv}")
  set(${expectedVar} "${expected}" PARENT_SCOPE)
  set(${argvVar} "${argv}" PARENT_SCOPE)
endfunction()
