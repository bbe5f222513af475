// RouterCore (engine/router/router_core.h), the routers' flat arrays and the
// rules that read and change only them, tested on their own, outside a
// Simulator: how buildRouters lays out the buffers, credits and hops; the VC
// range of a head (T3E paper section 3.2: VC0/VC1 of a dateline pair, and
// section 3.3: separate request and response classes); which output VC a
// head may take; VC allocation as a stage (not speculative); which lanes are
// ready; and the visit list of routers holding flits. The Simulator's
// results over these rules are locked by tst_sim_fingerprint and the golden
// outputs; these tests name the rule that breaks.
#include "router/router_core.h"
#include "test_main.h"

#include <QtTest>

#include <cstdint>
#include <vector>

using namespace flit;

namespace {

// The core's rules are its users' (protected): opened here for the tests.
class Core : public RouterCore {
 public:
  using RouterCore::allocateEach;
  using RouterCore::buildRouters;
  using RouterCore::chooseOutputVc;
  using RouterCore::claimOutputVc;
  using RouterCore::cycle_;
  using RouterCore::hops_;
  using RouterCore::ivcIndex;
  using RouterCore::ivcs_;
  using RouterCore::lane;
  using RouterCore::noteVcEmptied;
  using RouterCore::noteVcFilled;
  using RouterCore::ovcIndex;
  using RouterCore::ovcs_;
  using RouterCore::readyLanes;
  using RouterCore::refreshLaneReady;
  using RouterCore::routers_;
  using RouterCore::scheduleVcWake;
  using RouterCore::upstreamOvc;
  using RouterCore::vcRange;
  using RouterCore::visitVc;
};

// The T3E's VCs (T3E paper sections 2.4, 3.3): two classes of a dateline
// pair each, and the adaptive VC last.
RouterConfig t3eVcs() {
  RouterConfig r;
  r.vcCount = 5;
  r.vcClasses = 2;
  r.adaptiveVcs = 1;
  r.vcDepthFlits = 6;
  r.adaptiveVcDepthFlits = 10;
  return r;
}

// A ring of `nodes` routers along X: node n's +X neighbour is n + 1.
Core ringOf(int nodes, const RouterConfig& r, bool wholeClass = false) {
  Core c;
  c.buildRouters(r, nodes, wholeClass, [nodes](NodeId n, int d) {
    if (d == static_cast<int>(Direction::PlusX)) return static_cast<NodeId>((n + 1) % nodes);
    if (d == static_cast<int>(Direction::MinusX)) return static_cast<NodeId>((n + nodes - 1) % nodes);
    return NodeId{kInvalidId};
  });
  return c;
}

FlitSlot headOf(PacketKind kind, int level) {
  return FlitSlot{0, 1, 0, 0, 1, kind, static_cast<std::uint8_t>(level)};
}

}  // namespace

class TstRouterCore : public QObject {
  Q_OBJECT
 private slots:
  void buffersStartOnACacheLineWithTheirDepth();
  void creditsReturnToTheUpstreamOutputVc();
  void aHeadMayUseItsClassAndDatelineHalf();
  void theLowestFreeVcWithEnoughCreditsIsChosen();
  void notSpeculativeAWonVcWaitsForSwitchAllocation();
  void aLaneIsReadyOnceItsCycleHasCome();
  void routersAreVisitedInNodeOrderUntilEmpty();
};

void TstRouterCore::buffersStartOnACacheLineWithTheirDepth() {
  const RouterConfig r = t3eVcs();
  Core c = ringOf(4, r);
  QCOMPARE(c.ivcs_.size(), std::size_t{4 * kPortsPerNode * 5});
  QCOMPARE(c.ovcs_.size(), std::size_t{4 * kDirectionCount * 5});
  for (std::size_t i = 0; i < c.ivcs_.size(); ++i) {
    const int vc = static_cast<int>(i % 5);
    QCOMPARE(int{c.ivcs_[i].capacity}, vc == 4 ? 10 : 6);
    QCOMPARE(c.ivcs_[i].base % 4, 0u);  // 4 slots of 16 bytes: a 64-byte line
    if (i > 0) QCOMPARE(c.ivcs_[i].base - c.ivcs_[i - 1].base, std::uint32_t(RouterCore::bufferSlots(c.ivcs_[i - 1].capacity)));
  }
  for (std::size_t i = 0; i < c.ovcs_.size(); ++i) {
    QCOMPARE(int{c.ovcs_[i].credits}, i % 5 == 4 ? 10 : 6);  // the downstream buffer's depth
    QCOMPARE(c.ovcs_[i].owner, -1);
  }
  for (const RouterState& rs : c.routers_) {
    QCOMPARE(rs.nonEmpty, std::uint64_t{0});
    QCOMPARE(int{rs.stickyVc[0]}, 0xFF);
    QCOMPARE(int{rs.stickyInput[0]}, -1);
  }
}

void TstRouterCore::creditsReturnToTheUpstreamOutputVc() {
  Core c = ringOf(4, t3eVcs());
  const int plusX = static_cast<int>(Direction::PlusX), minusX = static_cast<int>(Direction::MinusX);
  // A flit from node 1 on +X arrives at node 2 through its -X port: its
  // credit returns to node 1's +X output VC of the same number.
  for (int vc = 0; vc < 5; ++vc) {
    QCOMPARE(c.upstreamOvc(2, minusX, vc), c.ovcIndex(1, plusX, vc));
    QCOMPARE(c.upstreamOvc(0, plusX, vc), c.ovcIndex(1, minusX, vc));  // the ring wraps
  }
  QCOMPARE(c.hops_[std::size_t{3} * kDirectionCount + static_cast<std::size_t>(plusX)].node, NodeId{0});
  QCOMPARE(c.hops_[std::size_t{3} * kDirectionCount + static_cast<std::size_t>(Direction::PlusY)].node,
           NodeId{kInvalidId});
}

void TstRouterCore::aHeadMayUseItsClassAndDatelineHalf() {
  Core c = ringOf(2, t3eVcs());
  int first = 0, count = 0;
  // T3E section 3.2: VC0 before the dateline, VC1 after it; section 3.3:
  // responses on their own pair (VC2, VC3).
  c.vcRange(0, 0, first, count);
  QCOMPARE(first, 0);
  QCOMPARE(count, 1);
  c.vcRange(0, 1, first, count);
  QCOMPARE(first, 1);
  c.vcRange(1, 0, first, count);
  QCOMPARE(first, 2);
  c.vcRange(1, 1, first, count);
  QCOMPARE(first, 3);
  QCOMPARE(count, 1);
  // routing.vcRule anyVc: the whole class, whatever the dateline VC.
  Core any = ringOf(2, t3eVcs(), true);
  any.vcRange(1, 1, first, count);
  QCOMPARE(first, 2);
  QCOMPARE(count, 2);
}

void TstRouterCore::theLowestFreeVcWithEnoughCreditsIsChosen() {
  RouterConfig r;
  r.vcCount = 4;
  r.vcDepthFlits = 4;
  Core c = ringOf(2, r, true);  // one class of four VCs
  const int out = static_cast<int>(Direction::PlusX);
  InputVc iv;
  iv.front = headOf(PacketKind::Generic, 0);
  QCOMPARE(c.chooseOutputVc(0, out, iv, 4), 0);
  c.ovcs_[static_cast<std::size_t>(c.ovcIndex(0, out, 0))].owner = 7;    // VC0 held by a packet
  c.ovcs_[static_cast<std::size_t>(c.ovcIndex(0, out, 1))].credits = 2;  // VC1 short of credits
  QCOMPARE(c.chooseOutputVc(0, out, iv, 4), 2);
  QCOMPARE(c.chooseOutputVc(0, out, iv, 2), 1);  // a head that needs 2 (wormhole: 1)
  for (int vc = 2; vc < 4; ++vc) c.ovcs_[static_cast<std::size_t>(c.ovcIndex(0, out, vc))].owner = 1;
  QCOMPARE(c.chooseOutputVc(0, out, iv, 4), kNoOutput);
  QCOMPARE(c.chooseOutputVc(1, out, iv, 4), 0);  // another router's VCs are its own
}

void TstRouterCore::notSpeculativeAWonVcWaitsForSwitchAllocation() {
  RouterConfig r;
  r.speculative = false;
  r.switchAllocCycles = 2;
  Core c = ringOf(2, r, true);
  c.cycle_ = 100;
  const int in = static_cast<int>(Direction::MinusX), out = static_cast<int>(Direction::PlusX);
  const int ivc = c.ivcIndex(0, in, 1);
  InputVc& iv = c.ivcs_[static_cast<std::size_t>(ivc)];
  iv.front = headOf(PacketKind::Generic, 0);
  iv.outPort = static_cast<std::int8_t>(out);
  QVERIFY(c.claimOutputVc(0, in, 1, ivc, iv));
  QCOMPARE(int{iv.outVc}, 0);
  QCOMPARE(c.ovcs_[static_cast<std::size_t>(c.ovcIndex(0, out, 0))].owner, ivc);
  QCOMPARE(iv.front.ready, 102u);  // switch allocation 2 cycles on
  // Its lane is looked at again then, not before.
  c.noteVcFilled(c.routers_[0], 0, in, 1);
  c.cycle_ = 101;
  QCOMPARE(c.readyLanes(0, c.routers_[0].nonEmpty), std::uint64_t{0});
  c.cycle_ = 102;
  QCOMPARE(c.readyLanes(0, c.routers_[0].nonEmpty), std::uint64_t{1} << c.lane(in, 1));
  // The other VC is free; a second head takes it, a third finds none.
  InputVc second = iv, third = iv;
  QVERIFY(c.claimOutputVc(0, in, 0, c.ivcIndex(0, in, 0), second));
  QCOMPARE(int{second.outVc}, 1);
  QVERIFY(!c.claimOutputVc(0, kProcessorPort, 0, c.ivcIndex(0, kProcessorPort, 0), third));
}

void TstRouterCore::aLaneIsReadyOnceItsCycleHasCome() {
  Core c = ringOf(2, t3eVcs());  // 5 VCs: 8 lanes per port
  RouterState& r = c.routers_[1];
  c.cycle_ = 10;
  c.noteVcFilled(r, 1, 3, 4);
  c.visitVc(1, 3, 4);                   // ready now
  c.noteVcFilled(r, 1, kProcessorPort, 0);
  c.scheduleVcWake(1, kProcessorPort, 0, 5);  // ready at cycle 15
  const std::uint64_t now = std::uint64_t{1} << c.lane(3, 4);
  const std::uint64_t later = std::uint64_t{1} << c.lane(kProcessorPort, 0);
  QCOMPARE(c.readyLanes(1, r.nonEmpty), now);
  c.cycle_ = 15;
  QCOMPARE(c.readyLanes(1, r.nonEmpty), now | later);
  // Ready cycles are 16 bits: a lane ready for more than 2^15 cycles would
  // read as not ready yet, unless refreshed every 2^14 cycles (the cycle
  // does so).
  c.cycle_ = 15 + (1u << 14);
  c.refreshLaneReady();
  c.cycle_ += (1u << 14) + 100;  // 2^15 + 100 after both became ready
  QCOMPARE(c.readyLanes(1, r.nonEmpty), now | later);
  // A lane not holding flits is never ready.
  c.noteVcEmptied(r, 3, 4);
  QCOMPARE(c.readyLanes(1, r.nonEmpty), later);
}

void TstRouterCore::routersAreVisitedInNodeOrderUntilEmpty() {
  Core c = ringOf(130, t3eVcs());  // three words of the occupied bitmap
  for (const NodeId n : {129, 3, 64, 70}) {
    c.noteVcFilled(c.routers_[static_cast<std::size_t>(n)], n, 0, 0);
    c.visitVc(n, 0, 0);
  }
  c.noteVcEmptied(c.routers_[70], 0, 0);  // emptied since: visited no more, and leaves the list
  std::vector<NodeId> visited;
  c.allocateEach(0, 3, [&](NodeId n, std::uint64_t ready) {
    visited.push_back(n);
    QCOMPARE(ready, std::uint64_t{1});
  });
  QCOMPARE(visited, (std::vector<NodeId>{3, 64, 129}));
  // Routers 3 and 129 empty during their visit: the next visit skips them.
  c.noteVcEmptied(c.routers_[3], 0, 0);
  c.noteVcEmptied(c.routers_[129], 0, 0);
  c.allocateEach(0, 3, [](NodeId, std::uint64_t) {});
  visited.clear();
  c.allocateEach(0, 3, [&](NodeId n, std::uint64_t) { visited.push_back(n); });
  QCOMPARE(visited, (std::vector<NodeId>{64}));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRouterCore)
#include "tst_router_core.moc"
