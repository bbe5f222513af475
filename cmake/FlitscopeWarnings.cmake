# Warnings as errors and the sanitizer option, applied per target with
# flitscope_set_warnings(<target>).
function(flitscope_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    # GCC 12 at -O3 reports -Wrestrict inside libstdc++'s char_traits.h for
    # plain std::string concatenation (GCC bug 105329, a false positive fixed
    # in GCC 13); with -Werror it stops Release builds of the CLI.
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
endfunction()

if(FLITSCOPE_SANITIZE)
  string(REPLACE "," ";" _san_list "${FLITSCOPE_SANITIZE}")
  foreach(_san IN LISTS _san_list)
    if(NOT _san MATCHES "^(address|undefined|thread)$")
      message(FATAL_ERROR "FLITSCOPE_SANITIZE: unknown sanitizer '${_san}' (use address,undefined or thread)")
    endif()
  endforeach()
  if("thread" IN_LIST _san_list AND ("address" IN_LIST _san_list))
    message(FATAL_ERROR "FLITSCOPE_SANITIZE: thread cannot be combined with address")
  endif()
  # -O1: "to get a reasonable performance add -O1 or higher" (the clang
  # AddressSanitizer and ThreadSanitizer docs; GCC shares their runtimes).
  # The sanitizer builds are Debug for the assertions (no NDEBUG), and at
  # -O0 the whole suite took about 190 CPU-minutes under tsan, too long to
  # run whole on a 2-core machine; -O1 keeps every access instrumented.
  add_compile_options(-fsanitize=${FLITSCOPE_SANITIZE} -O1 -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${FLITSCOPE_SANITIZE})
  if("thread" IN_LIST _san_list)
    # Qt's generated QML cache loader uses std::atomic_thread_fence, which GCC
    # flags under -fsanitize=thread (-Wtsan); with -Werror that stops the build.
    add_compile_options(-Wno-tsan)
  endif()
endif()
