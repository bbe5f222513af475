// Linked into the app and render tests and the flitscope executable of an
// address-sanitizer build only (tests/CMakeLists.txt, app/gui/CMakeLists.txt). Mesa's GLX loads its DRI driver (llvmpipe's
// swrast_dri.so, and with it LLVM) with dlopen and unloads it again when the
// X display closes, before LeakSanitizer looks at the heap at exit. The
// driver's long-lived allocations then look like leaks, from a module that is
// gone, so no suppression can name it. Opening the driver once more with
// RTLD_NODELETE keeps it mapped until exit: its memory stays reachable from
// its own globals and is not reported. Nothing of Flitscope's is hidden.
#include <dlfcn.h>

#include <initializer_list>

namespace {

[[maybe_unused]] const bool kDriverKept = [] {
  for (const char* path : {"/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so", "swrast_dri.so"})
    if (dlopen(path, RTLD_LAZY | RTLD_NODELETE)) return true;
  return false;  // no Mesa driver here: nothing to keep
}();

}  // namespace
