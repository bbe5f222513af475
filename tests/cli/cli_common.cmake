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

# cli_expect_ratio(A B RATIO WHAT): fails unless A / B is RATIO to within
# 0.1% (CMake's math() has no fractions: python3, as the golden test uses).
function(cli_expect_ratio a b ratio what)
  find_program(PYTHON3 python3 REQUIRED)
  execute_process(COMMAND ${PYTHON3} -c "import sys; a,b,r=map(float,sys.argv[1:4]); sys.exit(0 if b!=0 and abs(a/b-r)<=1e-3*r else 1)"
                          "${a}" "${b}" "${ratio}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what}: ${a} / ${b} is not ${ratio}")
  endif()
endfunction()
