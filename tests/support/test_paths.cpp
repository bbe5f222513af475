#include "test_paths.h"

#include <algorithm>

namespace flit::test {

std::string presetPath(std::string_view fileName) {
  std::string path = FLITSCOPE_PRESETS_DIR;
  path += '/';
  path += fileName;
  return path;
}

std::vector<std::filesystem::path> presetFiles() {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(FLITSCOPE_PRESETS_DIR)) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace flit::test
