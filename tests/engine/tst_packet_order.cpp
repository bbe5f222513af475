// Packets of one source and destination delivered out of the order they were
// created in (T3E paper section 5): "Adaptive routing introduces the
// possibility of packet-reordering in the network ... The processor may
// issue ordered requests which will not adapt (although their responses
// will because that is not functionally visible)." SimTotals::reordered and
// reorderedOrdered (sim/pair_order.h); `run --json` prints them as
// reorderedPackets and reorderedOrderedRequests.
#include "test_main.h"
#include "test_paths.h"

#include "scenario/scenario.h"
#include "sim/pair_order.h"
#include "sim/simulator.h"

#include <QtTest>

#include <string>

using namespace flit;

class TstPacketOrder : public QObject {
  Q_OBJECT
 private slots:
  void thePairTableCountsWhatArrivesAfterALaterPacket();
  void adaptiveRoutingReordersAndTheOrderedBitPreventsIt_data();
  void adaptiveRoutingReordersAndTheOrderedBitPreventsIt();
  void theOrderedBitKeepsRequestsInOrderAtTheSourcePort();
};

namespace {
// The T3E 8x8x8 preset (its Get/Put mix) at 0.3 flits/node/cycle, past its
// knee, where packets queue and the adaptive VC is used; 3000 cycles.
SimTotals runT3e(double orderedFraction, bool adaptive) {
  Scenario s = loadScenarioFile(flit::test::presetPath("t3e-8x8x8.json"));
  s.traffic.rateFlitsPerNodeCycle = 0.3;
  s.traffic.orderedFraction = orderedFraction;
  s.router.adaptiveRouting = adaptive;
  Simulator sim(simConfigFromScenario(s));
  sim.run(3000);
  return sim.totals();
}
}  // namespace

// Three packets of one pair (serials 10, 11, 12): the third overtakes the
// other two; a response of the same nodes is a pair of its own; a packet of
// another destination is not compared; the lists empty as packets end.
void TstPacketOrder::thePairTableCountsWhatArrivesAfterALaterPacket() {
  PairOrder order;
  order.resize(8);
  for (int serial : {10, 11, 12}) order.created(1, 2, false, serial);
  order.created(1, 2, true, 13);  // a response of the same nodes: its own pair
  order.created(1, 3, false, 14);  // another destination
  QCOMPARE(order.packetsAlive(), std::size_t{5});
  QVERIFY(!order.delivered(1, 2, false, 12, true).reordered);  // serial 12 first, an ordered request
  const PairOrder::Delivery first = order.delivered(1, 2, false, 10, true);
  QVERIFY(first.reordered && first.orderedReordered);  // 10 after 12, both ordered
  const PairOrder::Delivery second = order.delivered(1, 2, false, 11, false);
  QVERIFY(second.reordered && !second.orderedReordered);  // not an ordered request
  QVERIFY(!order.delivered(1, 2, true, 13, false).reordered);  // the response: alone in its pair
  QVERIFY(!order.delivered(1, 3, false, 14, false).reordered);  // passed by nothing of its own pair
  QCOMPARE(order.packetsAlive(), std::size_t{0});
  order.created(3, 4, false, 20);
  order.created(3, 4, false, 21);
  order.ended(3, 20);  // dropped: 21 passes nothing
  QVERIFY(!order.delivered(3, 4, false, 21, false).reordered);
  QCOMPARE(order.packetsAlive(), std::size_t{0});
}

void TstPacketOrder::adaptiveRoutingReordersAndTheOrderedBitPreventsIt_data() {
  QTest::addColumn<double>("orderedFraction");
  QTest::addColumn<bool>("adaptive");
  QTest::newRow("adaptive, none ordered") << 0.0 << true;
  QTest::newRow("adaptive, half ordered") << 0.5 << true;
  QTest::newRow("adaptive, all ordered") << 1.0 << true;
  QTest::newRow("adaptive off, all ordered") << 1.0 << false;
}

void TstPacketOrder::adaptiveRoutingReordersAndTheOrderedBitPreventsIt() {
  QFETCH(double, orderedFraction);
  QFETCH(bool, adaptive);
  const SimTotals t = runT3e(orderedFraction, adaptive);
  const QString counts = QStringLiteral("%1 delivered, %2 reordered, %3 ordered requests reordered, %4 adaptive hops")
                             .arg(t.delivered)
                             .arg(t.reordered)
                             .arg(t.reorderedOrdered)
                             .arg(t.adaptiveHops);
  qInfo("%s", qPrintable(counts));
  QVERIFY2(t.delivered > 50000, qPrintable(counts));
  // An ordered request is never overtaken by a later one of its pair.
  QCOMPARE(t.reorderedOrdered, std::uint64_t{0});
  if (orderedFraction == 0.0) QVERIFY2(t.reordered > 100, qPrintable(counts));  // the possibility the paper names
  if (orderedFraction == 0.5) QVERIFY2(t.reordered > 50, qPrintable(counts));
}

// Without adaptive routing, requests still pass each other where the
// processor port takes them on either of its class's two VCs; ordered
// requests enter on the first only (simulator_step.cpp injectFlits), so
// with every request ordered only responses are reordered: fewer.
void TstPacketOrder::theOrderedBitKeepsRequestsInOrderAtTheSourcePort() {
  const SimTotals none = runT3e(0.0, false);
  const SimTotals all = runT3e(1.0, false);
  qInfo("adaptive off: %llu reordered with no request ordered, %llu with every request ordered",
        static_cast<unsigned long long>(none.reordered), static_cast<unsigned long long>(all.reordered));
  QCOMPARE(all.adaptiveHops, std::uint64_t{0});
  QCOMPARE(all.reorderedOrdered, std::uint64_t{0});
  QVERIFY(none.reordered > all.reordered);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstPacketOrder)
#include "tst_packet_order.moc"
