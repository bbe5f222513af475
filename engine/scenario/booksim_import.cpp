#include "scenario/booksim_import.h"

#include "scenario/json_fields.h"
#include "scenario/routing_config_json.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

namespace flit {
namespace {

using U = BooksimKeyUse;

// Every key of BookSim2's booksim_config.cpp (snapshot 28f4329, 2017), in its
// order. docs/booksim.md lists the same rows (tst_booksim checks it).
constexpr std::array kKeys{
    BooksimKey{"channel_file", U::NoEffect, "", "unused by BookSim2"},
    BooksimKey{"subnets", U::DefaultOnly, "1", "one network"},
    BooksimKey{"topology", U::Mapped, "", "torus or mesh: topology.wrap"},
    BooksimKey{"k", U::Mapped, "", "radix per dimension, 2..64: topology.radix"},
    BooksimKey{"n", U::Mapped, "", "dimensions, 1..3: topology.radix"},
    BooksimKey{"c", U::NoEffect, "", "concentration: unused by torus and mesh"},
    BooksimKey{"routing_function", U::Mapped, "",
               "dim_order (torus and mesh) or dor (mesh): dimension order; on a torus with BookSim2's "
               "dateline classes (routing.vcRule wrapClass) and random half-ring ties (routing.tieRule random), "
               "on a mesh with every VC on every hop (anyVc)"},
    BooksimKey{"use_noc_latency", U::Mapped, "", "1: links of 1 cycle on a mesh, 2 on a torus; 0: 1 cycle (router.linkDelayCycles, plus the crossbar's cycles)"},
    BooksimKey{"x", U::NoEffect, "", "cmesh and flatfly only"},
    BooksimKey{"y", U::NoEffect, "", "cmesh and flatfly only"},
    BooksimKey{"xr", U::DefaultOnly, "1", "concentration of cmesh and flatfly; tornado and neighbor read it"},
    BooksimKey{"yr", U::NoEffect, "", "cmesh and flatfly only"},
    BooksimKey{"link_failures", U::DefaultOnly, "0", "random link faults: use the scenario's faults instead"},
    BooksimKey{"fail_seed", U::NoEffect, "", "seed of link_failures"},
    BooksimKey{"in_ports", U::NoEffect, "", "unused by BookSim2"},
    BooksimKey{"out_ports", U::NoEffect, "", "unused by BookSim2"},
    BooksimKey{"router", U::DefaultOnly, "iq", "the input-queued router"},
    BooksimKey{"output_delay", U::NoEffect, "", "unused by BookSim2"},
    BooksimKey{"credit_delay", U::Mapped, "", "router.creditExtraCycles = 1 + credit_delay less the crossbar's cycles on the link (BookSim2's credit loop)"},
    BooksimKey{"internal_speedup", U::DefaultOnly, "1.0", "one router step per cycle"},
    BooksimKey{"output_buffer_size", U::DefaultOnly, "-1", "no output queues"},
    BooksimKey{"noq", U::DefaultOnly, "0", "no next-hop output queueing"},
    BooksimKey{"speculative", U::Mapped, "", "router.speculative"},
    BooksimKey{"spec_check_elig", U::Approximated, "", "Flitscope's speculative allocation has no such switches"},
    BooksimKey{"spec_check_cred", U::Approximated, "", "Flitscope's speculative allocation has no such switches"},
    BooksimKey{"spec_mask_by_reqs", U::Approximated, "", "Flitscope's speculative allocation has no such switches"},
    BooksimKey{"spec_sw_allocator", U::Approximated, "", "Flitscope's speculative allocation has no such switches"},
    BooksimKey{"num_vcs", U::Mapped, "", "router.vcCount, 1..8 (BookSim2's default 16 is more than Flitscope's routers have)"},
    BooksimKey{"vc_buf_size", U::Mapped, "", "router.vcDepthFlits"},
    BooksimKey{"buf_size", U::DefaultOnly, "-1", "private buffers per VC"},
    BooksimKey{"buffer_policy", U::DefaultOnly, "private", "private buffers per VC"},
    BooksimKey{"private_bufs", U::NoEffect, "", "shared buffer policies only"},
    BooksimKey{"private_buf_size", U::NoEffect, "", "shared buffer policies only"},
    BooksimKey{"private_buf_start_vc", U::NoEffect, "", "shared buffer policies only"},
    BooksimKey{"private_buf_end_vc", U::NoEffect, "", "shared buffer policies only"},
    BooksimKey{"max_held_slots", U::NoEffect, "", "shared buffer policies only"},
    BooksimKey{"feedback_aging_scale", U::NoEffect, "", "feedback buffer policies only"},
    BooksimKey{"feedback_offset", U::NoEffect, "", "feedback buffer policies only"},
    BooksimKey{"wait_for_tail_credit", U::DefaultOnly, "0", "an output VC is free again once the tail has left"},
    BooksimKey{"vc_busy_when_full", U::DefaultOnly, "0", "not modelled"},
    BooksimKey{"vc_prioritize_empty", U::DefaultOnly, "0", "not modelled"},
    BooksimKey{"vc_priority_donation", U::DefaultOnly, "0", "not modelled"},
    BooksimKey{"vc_shuffle_requests", U::DefaultOnly, "0", "not modelled"},
    BooksimKey{"hold_switch_for_packet", U::DefaultOnly, "0", "the switch is arbitrated per flit"},
    BooksimKey{"input_speedup", U::DefaultOnly, "1", "one crossbar input per port"},
    BooksimKey{"output_speedup", U::DefaultOnly, "1", "one crossbar output per port"},
    BooksimKey{"routing_delay", U::Mapped, "", "router.routeCycles, routed at the front of the VC (router.routeAtFront)"},
    BooksimKey{"vc_alloc_delay", U::Mapped, "", "router.vcAllocCycles"},
    BooksimKey{"sw_alloc_delay", U::Mapped, "", "router.switchAllocCycles, with the crossbar's cycles the link cannot take"},
    BooksimKey{"st_prepare_delay", U::Mapped, "", "a crossbar cycle: added to router.linkDelayCycles while the credit loop allows, else to router.switchAllocCycles"},
    BooksimKey{"st_final_delay", U::Mapped, "", "the crossbar's cycles, as st_prepare_delay's"},
    BooksimKey{"vct", U::DefaultOnly, "0", "the event router's virtual cut-through: the iq router is wormhole"},
    BooksimKey{"vc_allocator", U::Approximated, "", "one iteration of iSLIP (router.vcAllocator islip) whichever is named; speculative: Flitscope's round-robin switch arbiters"},
    BooksimKey{"sw_allocator", U::Approximated, "", "Flitscope allocates with round-robin arbiters, not iSLIP or the others"},
    BooksimKey{"arb_type", U::NoEffect, "", "the iq router ignores it (BookSim2 passes no configuration to its allocators)"},
    BooksimKey{"alloc_iters", U::NoEffect, "", "the iq router ignores it (BookSim2 passes no configuration to its allocators)"},
    BooksimKey{"classes", U::DefaultOnly, "1", "one traffic class"},
    BooksimKey{"traffic", U::Mapped, "",
               "uniform, transpose, bitcomp, bitrev, tornado, neighbor (traffic.pattern shift by 1 in every "
               "dimension), hotspot({node}) with one node (allToOne)"},
    BooksimKey{"class_priority", U::NoEffect, "", "priority class only"},
    BooksimKey{"perm_seed", U::NoEffect, "", "randperm only"},
    BooksimKey{"injection_rate", U::Mapped, "", "packets (or flits) per node per cycle: traffic.rateFlitsPerNodeCycle"},
    BooksimKey{"injection_rate_uses_flits", U::Mapped, "", "1: injection_rate is in flits"},
    BooksimKey{"packet_size", U::Mapped, "", "traffic.packetFlits, 1..10"},
    BooksimKey{"packet_size_rate", U::DefaultOnly, "1", "one packet size"},
    BooksimKey{"injection_process", U::DefaultOnly, "bernoulli", "Bernoulli per node and cycle"},
    BooksimKey{"burst_alpha", U::NoEffect, "", "on_off only"},
    BooksimKey{"burst_beta", U::NoEffect, "", "on_off only"},
    BooksimKey{"burst_r1", U::NoEffect, "", "on_off only"},
    BooksimKey{"priority", U::DefaultOnly, "none", "no packet priorities"},
    BooksimKey{"batch_size", U::NoEffect, "", "sim_type batch only"},
    BooksimKey{"batch_count", U::NoEffect, "", "sim_type batch only"},
    BooksimKey{"max_outstanding_requests", U::NoEffect, "", "sim_type batch only"},
    BooksimKey{"use_read_write", U::DefaultOnly, "0",
               "Flitscope's requests are the T3E's packet kinds with Table 3's lengths (traffic.mix)"},
    BooksimKey{"write_fraction", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"read_request_begin_vc", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"read_request_end_vc", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"write_request_begin_vc", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"write_request_end_vc", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"read_reply_begin_vc", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"read_reply_end_vc", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"write_reply_begin_vc", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"write_reply_end_vc", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"read_request_subnet", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"read_reply_subnet", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"write_request_subnet", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"write_reply_subnet", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"read_request_size", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"write_request_size", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"read_reply_size", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"write_reply_size", U::NoEffect, "", "use_read_write only"},
    BooksimKey{"sim_type", U::Mapped, "", "latency or throughput: a run of fixed length either way; throughput has no latency threshold"},
    BooksimKey{"warmup_periods", U::Mapped, "", "warm-up: warmup_periods x sample_period cycles (1 or more)"},
    BooksimKey{"sample_period", U::Mapped, "", "cycles per sample"},
    BooksimKey{"max_samples", U::Mapped, "", "measured: (max_samples - warmup_periods) x sample_period cycles"},
    BooksimKey{"measure_stats", U::DefaultOnly, "1", "the class is measured"},
    BooksimKey{"pair_stats", U::DefaultOnly, "0", "no per-pair statistics"},
    BooksimKey{"latency_thres", U::Mapped, "", "a mean packet latency above it is reported unstable"},
    BooksimKey{"warmup_thres", U::NoEffect, "", "warmup_periods 0 only"},
    BooksimKey{"acc_warmup_thres", U::NoEffect, "", "warmup_periods 0 only"},
    BooksimKey{"stopping_thres", U::Approximated, "", "Flitscope measures every sample period, with no convergence test"},
    BooksimKey{"acc_stopping_thres", U::Approximated, "", "Flitscope measures every sample period, with no convergence test"},
    BooksimKey{"sim_count", U::DefaultOnly, "1", "one simulation"},
    BooksimKey{"include_queuing", U::DefaultOnly, "1", "packet latency counts from creation, source queue included"},
    BooksimKey{"seed", U::Mapped, "", "the scenario's seed (an integer; `time` is refused: runs repeat)"},
    BooksimKey{"print_activity", U::DefaultOnly, "0", "no activity print"},
    BooksimKey{"print_csv_results", U::DefaultOnly, "0", "no CSV lines"},
    BooksimKey{"deadlock_warn_timeout", U::NoEffect, "", "a warning print; Flitscope's watchdog is router.watchdogCycles"},
    BooksimKey{"viewer_trace", U::DefaultOnly, "0", "no viewer trace"},
    BooksimKey{"watch_file", U::Refused, "", "flit watching: use flitscope-cli run --trace"},
    BooksimKey{"watch_flits", U::Refused, "", "flit watching: use flitscope-cli run --trace"},
    BooksimKey{"watch_packets", U::Refused, "", "flit watching: use flitscope-cli run --trace"},
    BooksimKey{"watch_transactions", U::NoEffect, "", "unused by BookSim2"},
    BooksimKey{"watch_out", U::Refused, "", "flit watching: use flitscope-cli run --trace"},
    BooksimKey{"stats_out", U::Refused, "", "MATLAB statistics: use flitscope-cli run --json"},
    BooksimKey{"injected_flits_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_FLOWS"},
    BooksimKey{"received_flits_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_FLOWS"},
    BooksimKey{"stored_flits_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_FLOWS"},
    BooksimKey{"sent_flits_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_FLOWS"},
    BooksimKey{"outstanding_credits_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_FLOWS"},
    BooksimKey{"ejected_flits_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_FLOWS"},
    BooksimKey{"active_packets_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_FLOWS"},
    BooksimKey{"used_credits_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_CREDITS"},
    BooksimKey{"free_credits_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_CREDITS"},
    BooksimKey{"max_credits_out", U::Refused, "", "a tracking file of a BookSim2 built with TRACK_CREDITS"},
    BooksimKey{"sent_packets_out", U::NoEffect, "", "sim_type batch only"},
    BooksimKey{"sim_power", U::DefaultOnly, "0", "no power model"},
    BooksimKey{"power_output_file", U::NoEffect, "", "sim_power only"},
    BooksimKey{"tech_file", U::NoEffect, "", "sim_power only"},
    BooksimKey{"channel_width", U::NoEffect, "", "sim_power only"},
    BooksimKey{"channel_sweep", U::NoEffect, "", "sim_power only"},
    BooksimKey{"network_file", U::NoEffect, "", "anynet only"},
};

const BooksimKey* keyRow(std::string_view name) {
  for (const BooksimKey& k : kKeys)
    if (k.name == name) return &k;
  return nullptr;
}

bool sameValue(const BooksimValue& v, std::string_view accepted) {
  if (v.kind == BooksimValue::Kind::Word) return v.text == accepted;
  return v.real() == std::strtod(std::string(accepted).c_str(), nullptr);
}

// Reads the mapped keys, each with BookSim2's default when absent.
class Importer {
 public:
  Importer(const BooksimConfig& c, bool lenient) : c_(c), lenient_(lenient) {}

  [[noreturn]] void fail(const BooksimValue* v, std::string_view key, const std::string& reason) const {
    throw ScenarioError(v ? v->origin : std::string("BookSim2's default"), std::string(key) + ": " + reason);
  }
  // An integer key within [lo, hi], or its default.
  long long integer(std::string_view key, long long byDefault, long long lo, long long hi) const {
    const BooksimValue* v = c_.find(key);
    if (!v) {
      if (byDefault < lo || byDefault > hi)
        fail(v, key, "BookSim2's default " + std::to_string(byDefault) + " is outside " + std::to_string(lo) + ".." +
                         std::to_string(hi) + " here: set it");
      return byDefault;
    }
    if (v->kind != BooksimValue::Kind::Integer) fail(v, key, "expected an integer, got '" + v->text + "'");
    const long long x = v->integer();
    if (x < lo || x > hi)
      fail(v, key, "must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + v->text);
    return x;
  }
  double real(std::string_view key, double byDefault, double lo, double hi) const {
    const BooksimValue* v = c_.find(key);
    if (!v) return byDefault;
    if (v->kind == BooksimValue::Kind::Word) fail(v, key, "expected a number, got '" + v->text + "'");
    const double x = v->real();
    if (!(x >= lo && x <= hi)) fail(v, key, "must be within " + trim(lo) + ".." + trim(hi) + ", got " + v->text);
    return x;
  }
  std::string word(std::string_view key, std::string_view byDefault) const {
    const BooksimValue* v = c_.find(key);
    return v ? v->text : std::string(byDefault);
  }
  const BooksimValue* value(std::string_view key) const { return c_.find(key); }

  // The rows: unknown keys are errors, as in BookSim2; the others by their use.
  void checkRows(std::vector<std::string>& notes) const {
    for (const BooksimValue& v : c_.values) {
      const BooksimKey* row = keyRow(v.key);
      if (!row) throw ScenarioError(v.origin, v.key + ": not a BookSim2 key");
      const bool refused = row->use == U::Refused || (row->use == U::DefaultOnly && !sameValue(v, row->accepted));
      if (refused) {
        const std::string reason = v.key + ": Flitscope cannot honour '" + v.text + "'" +
                                   (row->use == U::DefaultOnly ? " (only " + std::string(row->accepted) + ": " : " (") +
                                   std::string(row->why) + ")";
        if (!lenient_) throw ScenarioError(v.origin, reason);
        notes.push_back(v.origin + ": " + reason + "; ignored (--booksim-lenient)");
      } else if (row->use == U::Approximated) {
        notes.push_back(v.origin + ": " + v.key + " = " + v.text + ": approximated: " + std::string(row->why));
      }
    }
  }

 private:
  static std::string trim(double x) {
    std::string s = std::to_string(x);
    while (s.size() > 1 && s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
  }
  const BooksimConfig& c_;
  bool lenient_;
};

// "name(a,b,...)" -> name and its parameters.
std::string patternName(const std::string& text, std::vector<std::string>& params) {
  const auto open = text.find('(');
  if (open == std::string::npos || text.back() != ')') return text;
  std::string inner = text.substr(open + 1, text.size() - open - 2);
  int depth = 0;
  std::string cur;
  for (char ch : inner) {
    if (ch == '{') ++depth;
    if (ch == '}') --depth;
    if (ch == ',' && depth == 0) {
      params.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  if (!cur.empty()) params.push_back(cur);
  return text.substr(0, open);
}

bool powerOfTwo(long long x) { return x > 0 && (x & (x - 1)) == 0; }

void mapTraffic(const Importer& in, Scenario& s, int k, int n) {
  const BooksimValue* v = in.value("traffic");
  std::vector<std::string> params;
  const std::string text = in.word("traffic", "uniform");
  const std::string name = patternName(text, params);
  long long nodes = 1;
  for (int d = 0; d < n; ++d) nodes *= k;
  TrafficConfig& t = s.traffic;
  auto needPowerOfTwo = [&] {
    if (!powerOfTwo(nodes))
      in.fail(v, "traffic", name + " needs a power-of-two node count (as in BookSim2), got " + std::to_string(nodes));
  };
  auto radixParams = [&] {  // tornado(k,n,xr), neighbor(k,n,xr): the network's own, if given
    const long long expected[3] = {k, n, 1};
    for (std::size_t i = 0; i < params.size() && i < 3; ++i)
      if (std::atoll(params[i].c_str()) != expected[i])
        in.fail(v, "traffic", name + "'s parameters must be the network's k, n and xr 1, got '" + text + "'");
  };
  if (name == "uniform") {
    t.pattern = TrafficPattern::UniformRandom;
  } else if (name == "transpose") {
    if (n != 2) in.fail(v, "traffic", "transpose is read for n = 2 (BookSim2 swaps the node id's bit halves)");
    needPowerOfTwo();
    t.pattern = TrafficPattern::Transpose;
  } else if (name == "bitcomp") {
    needPowerOfTwo();
    t.pattern = TrafficPattern::BitComplement;
  } else if (name == "bitrev") {
    needPowerOfTwo();
    t.pattern = TrafficPattern::BitReversal;
  } else if (name == "tornado") {
    radixParams();
    t.pattern = TrafficPattern::Tornado;
  } else if (name == "neighbor") {
    radixParams();
    t.pattern = TrafficPattern::Shift;  // BookSim2: every digit + 1 (mod k)
    for (int d = 0; d < n; ++d) t.shift[d] = 1;
  } else if (name == "hotspot" && !params.empty() && params[0].find(',') == std::string::npos) {
    const long long id = std::atoll(params[0].c_str() + (params[0].starts_with('{') ? 1 : 0));
    if (id < 0 || id >= nodes)
      in.fail(v, "traffic", "hotspot node " + std::to_string(id) + " is outside 0.." + std::to_string(nodes - 1));
    t.pattern = TrafficPattern::AllToOne;
    long long rest = id;
    for (int d = 0; d < n; ++d, rest /= k) t.hotspot[d] = static_cast<int>(rest % k);  // BookSim2: dimension 0 first
  } else {
    in.fail(v, "traffic",
            "'" + text + "' has no Flitscope pattern (read: uniform, transpose, bitcomp, bitrev, tornado, neighbor, "
            "hotspot({node}) with one node)");
  }
}

}  // namespace

std::span<const BooksimKey> booksimKeys() { return kKeys; }

std::string_view booksimKeyUseName(BooksimKeyUse use) {
  switch (use) {
    case U::Mapped: return "mapped";
    case U::NoEffect: return "no effect";
    case U::DefaultOnly: return "default only";
    case U::Approximated: return "approximated";
    case U::Refused: return "refused";
  }
  return "";
}

BooksimImport importBooksim(const BooksimConfig& config, bool lenient, std::string_view name) {
  const Importer in(config, lenient);
  BooksimImport out;
  in.checkRows(out.notes);
  Scenario& s = out.scenario;
  s.name = "BookSim2: " + std::string(name);
  s.description = "Read from the BookSim2 configuration " + std::string(name) + " (docs/booksim.md).";

  const std::string topology = in.word("topology", "torus");
  if (topology != "torus" && topology != "mesh")
    in.fail(in.value("topology"), "topology", "Flitscope reads torus and mesh, got '" + topology + "'");
  const bool torus = topology == "torus";
  const int k = static_cast<int>(in.integer("k", 8, 2, 64));
  const int n = static_cast<int>(in.integer("n", 2, 1, kMaxDims));
  s.topology.dims = n;
  for (int d = 0; d < kMaxDims; ++d) {
    s.topology.radix[d] = d < n ? k : 1;
    s.topology.wrap[d] = torus;
  }
  s.routing = defaultRoutingConfig(s.topology);
  const std::string routing = in.word("routing_function", "none");
  if (routing == "dim_order" || (!torus && routing == "dor")) {
    s.routing.algorithm = RoutingAlgorithm::DimensionOrder;
    if (torus) {
      s.routing.vcRule = VcRule::WrapClass;  // dim_order_torus: a class per dimension, by whether the route wraps
      s.routing.tieRule = TieRule::Random;   // dor_next_torus: a half-ring tie goes either way at random
    } else {
      s.routing.vcRule = VcRule::AnyVc;  // dim_order_mesh: the whole VC range on every hop
    }
  } else {
    in.fail(in.value("routing_function"), "routing_function",
            "'" + routing + "' on a " + topology + " has no Flitscope routing (read: dim_order" +
                (torus ? std::string(")") : std::string(", dor)")));
  }

  RouterConfig& r = s.router;
  r.flowControl = FlowControl::Wormhole;  // the iq router
  r.vcCount = static_cast<int>(in.integer("num_vcs", 16, 1, kMaxVcs));
  if (torus && r.vcCount % 2 != 0)
    in.fail(in.value("num_vcs"), "num_vcs",
            "dim_order on a torus splits the VCs into two dateline classes: needs an even count, got " +
                std::to_string(r.vcCount) + " (BookSim2 overlaps the halves)");
  r.vcDepthFlits = static_cast<int>(in.integer("vc_buf_size", 8, 1, 1024));
  r.adaptiveVcDepthFlits = r.vcDepthFlits;
  // BookSim2's router takes P = routing_delay + VA + SA + the crossbar's
  // st_prepare_delay + st_final_delay per hop, VA + SA as max(VA, SA) when
  // speculative; Flitscope's takes routeCycles + vcAllocCycles +
  // switchAllocCycles (measured: docs/booksim.md "Zero-load latency"), and
  // a speculative VA costs nothing beyond SA.
  r.speculative = in.integer("speculative", 0, 0, 1) == 1;
  const long long va = in.integer("vc_alloc_delay", 1, 1, 64);
  const long long sa = in.integer("sw_alloc_delay", 1, 1, 64);
  const long long crossbar = in.integer("st_prepare_delay", 0, 0, 64) + in.integer("st_final_delay", 1, 1, 64);
  const long long creditDelay = in.integer("credit_delay", 0, 0, 63);
  r.routeCycles = static_cast<int>(in.integer("routing_delay", 1, 0, 64));
  // A head behind a tail is routed only once it is at the front of its VC
  // (IQRouter::_SWAllocUpdate puts it in VC::routing then; with
  // routing_delay 0 its lookahead route is ready and routeCycles is 0), and
  // a source writes its packets into the injection VCs round robin
  // (TrafficManager::_Step, _last_vc). Measured: docs/booksim.md.
  r.routeAtFront = true;
  r.injectionVcs = InjectionVcs::RoundRobin;
  // Its VC allocator: one iteration of iSLIP (vc_allocator's default; the
  // others are approximated by it, alloc_iters never reaches it). Speculative,
  // Flitscope's switch arbiters allocate the VCs too.
  if (!r.speculative) r.vcAllocator = VcAllocator::Islip;
  // The crossbar is a stage after switch allocation: the VC's next head
  // goes on to routing as the tail enters it. Flitscope has no such stage;
  // it takes the crossbar's cycles as link cycles (a flit sent at t arrives
  // at t + 1 + linkDelayCycles), as far as BookSim2's credit loop allows,
  // and the rest as switch allocation cycles.
  // The credit loop: BookSim2's is at least 1 + crossbar + link + routing +
  // allocation + credit link + credit_delay (IQRouter::AddOutputChannel), a
  // cycle more than Flitscope's with the crossbar in switch allocation and
  // credit_delay 0 (measured: docs/booksim.md); a crossbar cycle moved onto
  // the link lengthens Flitscope's by one (the credit returns over the link
  // too), so it comes off creditExtraCycles.
  const long long crossbarOnLink = std::min(crossbar, 1 + creditDelay);
  r.vcAllocCycles = static_cast<int>(r.speculative ? 0 : va);
  r.switchAllocCycles = static_cast<int>((r.speculative ? std::max(va, sa) : sa) + crossbar - crossbarOnLink);
  r.linkDelayCycles = static_cast<int>((in.integer("use_noc_latency", 1, 0, 1) == 1 && torus ? 2 : 1) + crossbarOnLink);
  r.creditExtraCycles = static_cast<int>(1 + creditDelay - crossbarOnLink);
  // BookSim2 counts H = D + 1 routers and two 1-cycle terminal channels, and
  // retires a packet a cycle after its tail arrives: its end points cost
  // P + 3 cycles, Flitscope's P - 1 (measured at every P, L and packet size
  // tried; docs/booksim.md). The difference is pure delay at delivery; the
  // last crossbar, which has no link after it here, joins it.
  r.ejectExtraCycles = static_cast<int>(4 + crossbarOnLink);

  const int packet = static_cast<int>(in.integer("packet_size", 1, 1, 10));
  s.traffic.packetFlits = packet;
  const double rate = in.real("injection_rate", 0.1, 0.0, 1.0);
  const bool inFlits = in.integer("injection_rate_uses_flits", 0, 0, 1) == 1;
  s.traffic.rateFlitsPerNodeCycle = inFlits ? rate : rate * packet;
  if (s.traffic.rateFlitsPerNodeCycle > 1.0)
    in.fail(in.value("injection_rate"), "injection_rate",
            "packets of " + std::to_string(packet) + " flits at this rate are more than 1 flit per node per cycle");
  mapTraffic(in, s, k, n);
  s.seed = static_cast<std::uint64_t>(in.integer("seed", 0, 0, 0x7fffffffffffffffLL));

  const long long warmup = in.integer("warmup_periods", 3, 1, 1000000);
  const long long period = in.integer("sample_period", 1000, 1, 100000000);
  const long long samples = in.integer("max_samples", 10, warmup + 1, 1000000);
  out.warmupCycles = static_cast<std::uint64_t>(warmup * period);
  out.measureCycles = static_cast<std::uint64_t>((samples - warmup) * period);
  out.latencyThreshold = in.real("latency_thres", 500.0, -1e300, 1e300);
  const std::string simType = in.word("sim_type", "latency");
  if (simType == "throughput") {
    out.latencyThreshold = -1.0;  // BookSim2: no abort on latency in a throughput run
  } else if (simType != "latency") {
    in.fail(in.value("sim_type"), "sim_type", "Flitscope reads latency and throughput runs, got '" + simType + "'");
  }

  // What the engine itself checks (ranges across sections, the traffic
  // against the topology), with the scenario's field names.
  s = parseScenario(serializeScenario(s));
  return out;
}

}  // namespace flit
