#include "util/memory_budget.h"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string_view>

namespace flit {

namespace {

// The value of "Key:   1234 kB" in a /proc file, in bytes.
std::optional<std::uint64_t> procKilobytes(const char* file, std::string_view key) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, key.size(), key) != 0 || line.size() <= key.size() || line[key.size()] != ':') continue;
    std::istringstream value(line.substr(key.size() + 1));
    std::uint64_t kb = 0;
    if (value >> kb) return kb * 1024;
  }
  return std::nullopt;
}

// A cgroup v2 file holding one number ("max": no limit).
std::optional<std::uint64_t> cgroupNumber(const char* file) {
  std::ifstream in(file);
  std::uint64_t v = 0;
  if (in >> v) return v;
  return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> availableMemoryBytes() {
  std::optional<std::uint64_t> least;
  const auto take = [&least](std::uint64_t v) { least = least ? std::min(*least, v) : v; };
  if (const auto available = procKilobytes("/proc/meminfo", "MemAvailable")) take(*available);
  const auto limit = cgroupNumber("/sys/fs/cgroup/memory.max");
  const auto used = cgroupNumber("/sys/fs/cgroup/memory.current");
  if (limit && used) take(*limit > *used ? *limit - *used : 0);
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
    const std::uint64_t inUse = procKilobytes("/proc/self/status", "VmSize").value_or(0);
    take(as.rlim_cur > inUse ? as.rlim_cur - inUse : 0);
  }
  return least;
}

std::string bytesText(std::uint64_t bytes) {
  static constexpr std::array<const char*, 5> kUnits{"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (v >= 1024.0 && unit + 1 < kUnits.size()) {
    v /= 1024.0;
    ++unit;
  }
  std::array<char, 32> text{};
  if (unit == 0) {
    std::snprintf(text.data(), text.size(), "%llu B", static_cast<unsigned long long>(bytes));
  } else {
    std::snprintf(text.data(), text.size(), v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, kUnits[unit]);
  }
  return text.data();
}

}  // namespace flit
