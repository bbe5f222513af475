// The main() of each test folder's executable: runs the one test file named
// by its first argument (test_main.h).
#include "test_main.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <stdlib.h>  // mkdtemp, setenv (POSIX)
#include <string>
#include <vector>

namespace flit::test {
namespace {

std::map<std::string, TestMain>& registry() {
  static std::map<std::string, TestMain> tests;  // built before main(), read after
  return tests;
}

std::string baseName(const std::string& path) {
  const auto slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  const auto dot = name.find('.');
  return dot == std::string::npos ? name : name.substr(0, dot);
}

// Each test runs with a data and a settings folder of its own, made empty
// for it and removed after it (XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME):
// what a test keeps (an autosaved run, a QSettings choice) never reaches
// another test or the person's own folders, and what they keep never
// reaches a test. A run left in ~/.local/share/flitscope/autosave by a
// killed window was offered to every later test's window, whose restore
// dialog then took the keys and clicks meant for the window
// (tst_engine_threads failed so).
class OwnFolders {
 public:
  OwnFolders() {
    std::string pattern = (std::filesystem::temp_directory_path() / "flitscope-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
      std::perror("flitscope tests: mkdtemp");
      std::abort();
    }
    root_ = pattern;
    for (const char* name : {"XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"}) {
      const std::filesystem::path folder = root_ / name;
      std::filesystem::create_directory(folder);
      setenv(name, folder.c_str(), 1);
    }
  }
  ~OwnFolders() {
    std::error_code ignored;
    std::filesystem::remove_all(root_, ignored);
  }
  OwnFolders(const OwnFolders&) = delete;
  OwnFolders& operator=(const OwnFolders&) = delete;

 private:
  std::filesystem::path root_;
};

}  // namespace

bool registerTestMain(const char* sourceFile, TestMain main) {
  const std::string name = baseName(sourceFile);
  if (!registry().emplace(name, main).second) {
    std::fprintf(stderr, "two test files are named %s\n", name.c_str());
    std::abort();
  }
  return true;
}

}  // namespace flit::test

int main(int argc, char** argv) {
  const auto& tests = flit::test::registry();
  const auto found = argc > 1 ? tests.find(argv[1]) : tests.end();
  if (found == tests.end()) {
    if (argc > 1) std::fprintf(stderr, "no test named %s here\n", argv[1]);
    std::fprintf(stderr, "usage: %s TEST [QtTest options]\ntests here:\n", argv[0]);
    for (const auto& [name, main] : tests) std::fprintf(stderr, "  %s\n", name.c_str());
    return 2;
  }
  // The test sees the arguments it had as its own executable: its name
  // first (QCoreApplication's applicationName), then its QtTest options.
  const flit::test::OwnFolders folders;
  std::vector<char*> args{argv[1]};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  return found->second(argc - 1, args.data());
}
