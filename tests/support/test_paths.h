// Where the tests find the shipped presets: one rule, out of line (GCC 12
// reported -Wstringop-overflow and -Warray-bounds inside char_traits.h for
// `std::string(FLITSCOPE_PRESETS_DIR) + "/" + name` once the test folders
// precompiled their headers: the false positive of GCC bug 105651).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace flit::test {

// FLITSCOPE_PRESETS_DIR + "/" + fileName.
std::string presetPath(std::string_view fileName);
// Every shipped preset (FLITSCOPE_PRESETS_DIR/*.json), sorted by path.
std::vector<std::filesystem::path> presetFiles();

}  // namespace flit::test
