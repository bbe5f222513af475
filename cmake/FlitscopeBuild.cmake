# What keeps a clean build short on 2 cores (issue 39; figures in the
# README's set-up section).
#
# Precompiled headers: the Qt, QCoro and standard headers a target's files
# share are parsed once per target (a test file spent ~7 of its ~12 s in
# them, an app file ~2-5 of ~7 s). Off in the sanitizer builds, which then
# also check that every file includes what it uses.
option(FLITSCOPE_PCH "Precompile the headers each target's files share" ON)

function(flitscope_precompile_headers target)
  if(FLITSCOPE_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
  endif()
endfunction()

# RelWithDebInfo (the default build) keeps line tables only, -g1: backtraces,
# QtTest's crash handler, valgrind and the sanitizers still name function,
# file and line, while compiling and linking take ~30% less than with full
# -g. Variables for gdb: -DFLITSCOPE_FULL_DEBUG_INFO=ON, or a Debug build.
option(FLITSCOPE_FULL_DEBUG_INFO "Full -g debug information in RelWithDebInfo builds" OFF)
if(NOT FLITSCOPE_FULL_DEBUG_INFO AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  add_compile_options($<$<CONFIG:RelWithDebInfo>:-g1>)  # after CMake's -g, so it wins
endif()
