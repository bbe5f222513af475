// Scenario field router.age: the SeaStar's aging parameters (XT paper
// section 2.1; docs/scenario-format.md "router.age").
#include "scenario/scenario_sections.h"

#include <cstdio>

namespace flit {

namespace {

// requestBias / responseBias: one integer for every network port, or one
// per dimension (both directions of it). Errors name the element.
void readBias(ObjectReader& r, const char* key, int dims,
              std::array<std::uint8_t, kPortsPerNode>& bias) {
  const auto* j = r.optional(key);
  if (!j) return;
  const std::string path = r.childPath(key);
  if (j->is_number()) {
    const auto v = static_cast<std::uint8_t>(readInt(*j, path, 0, kMaxAgeBias));
    for (int d = 0; d < kDirectionCount; ++d) bias[static_cast<std::size_t>(d)] = v;
    return;
  }
  const auto& a = readArray(*j, path, static_cast<std::size_t>(dims), static_cast<std::size_t>(dims));
  for (int dim = 0; dim < dims; ++dim) {
    const auto v = static_cast<std::uint8_t>(
        readInt(a[static_cast<std::size_t>(dim)], path + "[" + std::to_string(dim) + "]", 0, kMaxAgeBias));
    bias[static_cast<std::size_t>(dim)] = v;      // +X, +Y, +Z
    bias[static_cast<std::size_t>(dim + 3)] = v;  // -X, -Y, -Z
  }
}

std::uint64_t readRrSelect(ObjectReader& r) {
  const auto* j = r.optional("rrSelect");
  if (!j) return ~std::uint64_t{0};
  const std::string path = r.childPath("rrSelect");
  const std::string text = readString(*j, path);
  const bool hex = text.size() > 2 && text.size() <= 18 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  std::uint64_t v = 0;
  for (std::size_t i = 2; hex && i < text.size(); ++i) {
    const char c = text[i];
    const int digit = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                      : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                             : -1;
    if (digit < 0) break;
    v = (v << 4) | static_cast<std::uint64_t>(digit);
    if (i + 1 == text.size()) return v;
  }
  throw ScenarioError(path, "must be a 64-bit mask in hex, \"0x\" and 1-16 digits (all ones: "
                            "age, all zeros: round robin), got \"" + text + "\"");
}

}  // namespace

AgeConfig readAgeSection(ObjectReader& router, int dims) {
  const auto* j = router.optional("age");
  if (!j) return AgeConfig{};
  return readAgeConfig(*j, router.childPath("age"), dims);
}

AgeConfig readAgeConfig(const nlohmann::json& j, const std::string& path, int dims) {
  AgeConfig a;
  ObjectReader r(j, path);
  const auto* period = r.optional("clockPeriodCycles");
  if (period) {
    a.clockPeriodCycles = static_cast<std::uint32_t>(
        readInt(*period, r.childPath("clockPeriodCycles"), 1, 0xFFFFFFFFll));
  }
  readBias(r, "requestBias", dims, a.requestBias);
  readBias(r, "responseBias", dims, a.responseBias);
  const auto proc = static_cast<std::uint8_t>(r.optionalInt("processorBias", 1, 0, kMaxAgeBias));
  a.requestBias[kProcessorPort] = proc;
  a.responseBias[kProcessorPort] = proc;
  a.rrSelect = readRrSelect(r);
  r.finish();
  return a;
}

nlohmann::json ageToJson(const AgeConfig& a, int dims) {
  nlohmann::json req = nlohmann::json::array();
  nlohmann::json rsp = nlohmann::json::array();
  for (int d = 0; d < dims; ++d) {
    req.push_back(a.requestBias[static_cast<std::size_t>(d)]);
    rsp.push_back(a.responseBias[static_cast<std::size_t>(d)]);
  }
  char mask[24];
  std::snprintf(mask, sizeof mask, "0x%016llx", static_cast<unsigned long long>(a.rrSelect));
  return {{"clockPeriodCycles", a.clockPeriodCycles},
          {"requestBias", req},
          {"responseBias", rsp},
          {"processorBias", a.requestBias[kProcessorPort]},
          {"rrSelect", mask}};
}

}  // namespace flit
