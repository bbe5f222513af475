// A BookSim2 configuration read as a Flitscope run (issue 39; docs/booksim.md):
// the torus or mesh, its VCs and buffers, dimension-order routing with the
// dateline classes BookSim2's dim_order gives a torus (VcRule::WrapClass),
// the router delays, the traffic pattern and load, and the run's warm-up and
// measured cycles. Every key BookSim2 knows has one row in booksimKeys():
// used, without effect (BookSim2 ignores it for this network too), honoured
// at its default only, approximated (said in `notes`), or refused. A key
// Flitscope cannot honour is an error naming the key and where it was set
// ("torus.cfg:12: num_vcs: ..."); `lenient` turns those into notes.
#pragma once

#include "scenario/booksim_config.h"
#include "scenario/scenario.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace flit {

enum class BooksimKeyUse : std::uint8_t {
  Mapped,        // read into the scenario or the run
  NoEffect,      // BookSim2 itself does not use it for a torus or mesh latency run
  DefaultOnly,   // honoured at BookSim2's default value (`accepted`), refused otherwise
  Approximated,  // accepted; Flitscope's model differs, said in the notes
  Refused,       // anything but absence is refused
};

struct BooksimKey {
  std::string_view name;
  BooksimKeyUse use;
  std::string_view accepted;  // DefaultOnly: the value honoured
  std::string_view why;       // what Flitscope does with it, or why not
};

std::span<const BooksimKey> booksimKeys();
std::string_view booksimKeyUseName(BooksimKeyUse use);  // "mapped", "no effect", ...

struct BooksimImport {
  Scenario scenario;
  std::uint64_t warmupCycles = 3000;   // warmup_periods x sample_period
  std::uint64_t measureCycles = 7000;  // (max_samples - warmup_periods) x sample_period
  double latencyThreshold = 500.0;     // latency_thres: a mean latency above it = unstable; < 0: none
  std::vector<std::string> notes;      // approximations, and with `lenient` the keys not honoured
};

// Throws ScenarioError(origin of the key, "KEY: reason").
BooksimImport importBooksim(const BooksimConfig& config, bool lenient, std::string_view name);

}  // namespace flit
