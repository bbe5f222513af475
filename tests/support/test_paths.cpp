#include "test_paths.h"

namespace flit::test {

std::string presetPath(std::string_view fileName) {
  std::string path = FLITSCOPE_PRESETS_DIR;
  path += '/';
  path += fileName;
  return path;
}

}  // namespace flit::test
