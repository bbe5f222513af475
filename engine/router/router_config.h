// The router's configuration: virtual channels, buffer depths, flow control,
// pipeline latencies and arbitration (scenario section "router",
// docs/scenario-format.md). Plain data; validateRouterConfig() checks it.
//
// Virtual-channel layout of one physical channel (T3E paper section 3):
//   [ class 0 (request) VCs | class 1 (response) VCs | adaptive VCs ]
// Each class holds (vcCount - adaptiveVcs) / vcClasses deterministic VCs; with
// datelines the lower half of a class is dateline level 0 ("VC0") and the
// upper half level 1 ("VC1"). The T3E: 5 VCs = request VC0/VC1, response
// VC0/VC1, 1 adaptive VC of its own depth (22 flits, section 1).
#pragma once

#include "routing/route_step.h"
#include "routing/vc_selection.h"
#include "topology/topology.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace flit {

inline constexpr int kMaxVcs = 8;
inline constexpr int kMaxPacketFlits = 10;  // T3E paper section 1: 1..10 flits

enum class FlowControl : std::uint8_t {
  VirtualCutThrough,  // a packet's head advances only into a buffer with room for all of it
  Wormhole,           // a flit advances when the next buffer has room for one flit
  // Cut-through's buffer rule, and a router forwards a packet only once all
  // of it has arrived (Dally & Seitz section 2: latency L x D, not L + D;
  // docs/engine.md "Zero-load latency").
  StoreAndForward,
};
// Whether a head needs room for its whole packet downstream (cut-through,
// store-and-forward).
constexpr bool needsWholePacketRoom(FlowControl f) { return f != FlowControl::Wormhole; }

// How a source picks the processor-port VC of its next packet
// (RouterConfig::injectionVcs).
enum class InjectionVcs : std::uint8_t { FirstWithRoom, RoundRobin };
// Their names in scenarios (router.injectionVcs), indexed by InjectionVcs.
inline constexpr std::array<std::string_view, 2> kInjectionVcsNames{"firstWithRoom", "roundRobin"};

// The VC allocator of the non-speculative router (RouterConfig::vcAllocator).
enum class VcAllocator : std::uint8_t {
  // Heads claim free VCs one after another, the inputs visited round robin
  // from the one after the last that won: a maximal matching.
  Sequential,
  // One iteration of iSLIP over input VCs and output VCs, BookSim2's
  // (router/islip.h).
  Islip,
};
// Their names in scenarios (router.vcAllocator), indexed by VcAllocator.
inline constexpr std::array<std::string_view, 2> kVcAllocatorNames{"sequential", "islip"};

// Arbitration policies; a switch in the allocator, never a virtual call per flit.
enum class ArbiterKind : std::uint8_t {
  RoundRobin,  // plain round-robin at input and output, re-arbitrated every cycle
  T3e,         // T3E paper section 7: an input VC and an output keep their grant until
               // the packet completes, bubbles or blocks; a new packet on the adaptive
               // VC has the lowest priority at an output
  Age,         // Cray XT SeaStar (XT paper section 2): the oldest packet wins an output,
               // ages kept by Procedures 1-3 (router/age_clock.h), per-packet grants
};

// The SeaStar's aging parameters (XT paper section 2.1; scenario router.age).
struct AgeConfig {
  // AGE_CLK_PERIOD: cycles per timestamp tick, >= 1.
  std::uint32_t clockPeriodCycles = 8;
  // REQ_AGE_BIAS / RSP_AGE_BIAS per input port (a Direction, or
  // kProcessorPort), 0..7: added to a packet's age when it arrives on a
  // request-class (VC0/VC1) or response-class VC. The paper's default is 1.
  using PortBias = std::array<std::uint8_t, kPortsPerNode>;  // per input port
  PortBias requestBias{1, 1, 1, 1, 1, 1, 1};
  PortBias responseBias{1, 1, 1, 1, 1, 1, 1};
  // AGE_RR_SELECT: bit i set = the i-th grant (mod 64) of an output is by
  // age, clear = round robin. All ones: pure age; all zeros: round robin.
  std::uint64_t rrSelect = ~std::uint64_t{0};
  friend bool operator==(const AgeConfig&, const AgeConfig&) = default;
};
inline constexpr int kMaxAgeBias = 7;                // a 3-bit field of PORT_CONFIG

struct RouterConfig {
  int vcCount = 2;          // VCs per physical channel, 1..kMaxVcs
  int vcClasses = 1;        // 1, or 2 = request/response classes (T3E section 3.3)
  // vcClasses 1 with requests in the traffic: the responses travel on the
  // requests' VCs. "Request-response cycles" (T3E section 3.3) are then not
  // broken and Get traffic can deadlock the machine (the protocol deadlock;
  // docs/deadlock-and-vc-balance.md). False: such a scenario is refused.
  bool sharedResponseVcs = false;
  int adaptiveVcs = 0;      // 0 or 1: the last VC, the adaptive VC (T3E paper sections 2.4, 5)
  int vcDepthFlits = 8;     // deterministic VC buffer depth
  int adaptiveVcDepthFlits = 8;
  // Whether the routers honour the adaptive bit (37) of routing tags (needs
  // adaptiveVcs 1 and direction-order routing; docs/routing.md "Adaptive
  // routing"). Simulator::setAdaptive switches it while running.
  bool adaptiveRouting = true;
  FlowControl flowControl = FlowControl::VirtualCutThrough;
  ArbiterKind arbiter = ArbiterKind::RoundRobin;
  AgeConfig age;  // used when arbiter == Age
  // Pipeline: a head flit written into an input buffer at cycle a leaves on
  // the output at a + routeCycles + vcAllocCycles + switchAllocCycles - 1
  // (+ extras), then spends linkDelayCycles on the link; docs/engine.md.
  int routeCycles = 1;
  int vcAllocCycles = 1;
  int switchAllocCycles = 1;
  // Speculation (docs/engine.md "A head from arrival to departure"): true =
  // VC and switch allocation in one cycle, the stages before them pure delay
  // (a head may pass them while it waits behind another packet). false = a
  // head starts VC allocation when it is at the front of its VC, switch
  // allocation follows a won VC allocation (switchAllocCycles later), and an
  // output VC freed by a tail is allocated again only in a later cycle.
  bool speculative = true;
  // Where a head behind another packet computes its route (Dally & Towles's
  // RC stage; BookSim2's routing_delay >= 1): false = while it waits, from
  // its arrival on (lookahead: only the VC and switch stages follow the
  // tail); true = only once it is at the front of its VC, so routeCycles
  // come after the tail too (docs/engine.md "A head from arrival to
  // departure").
  bool routeAtFront = false;
  // Not speculative: how the heads asking for output VCs in one cycle are
  // matched to the free ones (speculative: each output's arbiter decides).
  VcAllocator vcAllocator = VcAllocator::Sequential;
  int linkDelayCycles = 1;     // also the credit return delay
  int creditExtraCycles = 0;   // more for a credit's return (BookSim2's credit loop, docs/booksim.md)
  int turnExtraCycles = 0;     // extra when a packet changes direction (T3E Table 2: 6 vs 3)
  int injectExtraCycles = 0;   // extra at the source router (T3E Table 2 end point)
  int ejectExtraCycles = 0;    // extra at the destination router
  int sourceQueuePackets = 16; // per node and VC class; a full queue refuses new packets
  // Which of its class's processor-port VCs a source writes a new packet
  // into: the first with room, or round robin from the one after its last
  // packet's (BookSim2's injection). The sources do not say.
  InjectionVcs injectionVcs = InjectionVcs::FirstWithRoom;
  int watchdogCycles = 2000;   // no flit moved for this long with packets inside -> deadlock

  int pipelineCycles() const { return routeCycles + vcAllocCycles + switchAllocCycles; }
  int deterministicVcs() const { return vcCount - adaptiveVcs; }
  int vcsPerClass() const { return deterministicVcs() / vcClasses; }
  int depthOf(int vc) const {
    return vc >= deterministicVcs() ? adaptiveVcDepthFlits : vcDepthFlits;
  }
};

// Zero-load delivery time of an L-flit packet over `hops` hops with `turns`
// turns (changes of direction at intermediate routers), from its creation
// to its tail's ejection (docs/engine.md "Zero-load latency"; with the T3E
// presets' stages, Table 2's fall-through latencies).
inline std::uint64_t zeroLoadCycles(const RouterConfig& c, int hops, int turns, int flits) {
  const int p = c.pipelineCycles();
  return static_cast<std::uint64_t>((p - 1 + c.injectExtraCycles) + hops * (p + c.linkDelayCycles) +
                                    turns * c.turnExtraCycles + c.ejectExtraCycles + (flits - 1));
}

inline bool hasAnyDateline(const DatelineConfig& d) {
  return d.has(0) || d.has(1) || d.has(2);
}

// Whether `c` can carry responses (a traffic mix with requests): on their
// own class (vcClasses 2) or, asked for, on the requests' VCs
// (sharedResponseVcs with vcClasses 1). Throws ScenarioError naming
// "scenario.router.vcClasses" or "...sharedResponseVcs" when not; nothing
// when `responses` is false.
void validateResponseClass(const RouterConfig& c, bool responses);
// Throws ScenarioError naming "<path>.<field>" when inconsistent
// (e.g. vcDepthFlits smaller than the longest packet under cut-through).
void validateRouterConfig(const RouterConfig& c, int maxPacketFlits, bool datelines,
                          const std::string& path);
// The age fields alone (validateRouterConfig checks them when arbiter is
// Age): throws ScenarioError naming "<path>.clockPeriodCycles" etc.
void validateAgeConfig(const AgeConfig& a, const std::string& path);

std::string flowControlName(FlowControl f);
// Every arbiter kind, one row each, in the order the window lists them: its
// name in scenarios, recordings, the CLI and the window, and where it comes
// from (help texts). The scenario reader, the interventions, the CLI and
// the window read this table; a new arbiter is its ArbiterKind and row
// here, its policy (sim/cycle_policy.h) and its label in the window
// (app/gui/controllers/arbiter_labels.h), plus tests, docs and translations.
struct ArbiterInfo {
  ArbiterKind kind;
  std::string_view name;    // "roundRobin"
  std::string_view source;  // "T3E section 7"
};
inline constexpr ArbiterInfo kArbiters[] = {
    {ArbiterKind::RoundRobin, "roundRobin", "plain round robin, re-arbitrated every cycle"},
    {ArbiterKind::T3e, "t3e", "T3E section 7"},
    {ArbiterKind::Age, "age", "Cray XT SeaStar, XT paper section 2"},
};
std::string arbiterName(ArbiterKind a);  // "roundRobin", "t3e", "age"
// The ArbiterKind named `name` ("roundRobin", "t3e", "age"), else nullopt.
std::optional<ArbiterKind> parseArbiterKind(const std::string& name);
// Every arbiter's name, joined by `separator` ("roundRobin, t3e, age"): for
// error messages and help texts.
std::string arbiterNameList(std::string_view separator = ", ");

// The one rule for whether adaptive routing can be on in a machine: null when
// it can, else why not (an adaptive VC, direction-order routing and the
// speculative router are needed; the age arbiter needs adaptiveVcs 0, so it
// has none). Simulator::setAdaptive, the window's switch and the CLI's
// --adaptive ask it.
const char* adaptiveUnavailableReason(const RouterConfig& router, RoutingAlgorithm algorithm);
// The same for an arbiter: null when this machine can run under it, else why
// not (the age arbiter needs adaptiveVcs 0). The scenario reader, the
// timeline, the CLI's --arbiter and the window's arbiter list ask it.
const char* arbiterUnavailableReason(const RouterConfig& router, ArbiterKind arbiter);

}  // namespace flit
