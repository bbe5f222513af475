// The main() of each test folder's executable: runs the one test file named
// by its first argument (test_main.h).
#include "test_main.h"

#include <cstdio>
#include <cstdlib>
#include <map>
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
  std::vector<char*> args{argv[1]};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  return found->second(argc - 1, args.data());
}
