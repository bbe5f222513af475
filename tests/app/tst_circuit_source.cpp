// CircuitSource (issue 19): the Transit fat-tree's circuit simulator behind
// the GUI worker's interface (DeHon, seed 004, section 2.1). A frame marks
// exactly the channels connections hold, in the graph's link ids; link and
// router failures reach the simulator and survive reset; the interval
// statistics add up to the simulator's counters; what a fat-tree cannot do
// is refused naming the field.
#include "test_main.h"
#include "test_paths.h"
#include "changes.h"
#include "fat_tree/circuit_source.h"
#include "scenario/fat_tree_scenario_json.h"

#include "scenario/scenario.h"

#include <QtTest>

#include <map>

using namespace flitgui;

namespace {
flit::fattree::FatTreeScenario preset(const char* name) {
  return flit::fattree::parseFatTreeScenario(
      flit::readScenarioFileText(flit::test::presetPath(name)));
}
}  // namespace

class TstCircuitSource : public QObject {
  Q_OBJECT
 private slots:
  void framesMarkTheHeldChannels();
  void failuresReachTheSimulatorAndSurviveReset();
  void intervalsAddUpToTheCounters();
  void whatAFatTreeCannotDoIsRefused();
};

void TstCircuitSource::framesMarkTheHeldChannels() {
  CircuitSource source(preset("transit-64.json"));
  const flit::NetworkGraph& g = source.run().graph();
  for (int i = 0; i < 200; ++i) QVERIFY(source.step());
  FrameSnapshot frame;
  source.fillSnapshot(frame);
  QCOMPARE(frame.linkUp.size(), std::size_t{g.linkCount()});
  QCOMPARE(frame.nodeUp.size(), std::size_t{g.nodeCount()});
  std::map<std::size_t, int> marks;  // graph link -> marks on it
  for (const FlitVisual& f : frame.flits) {
    const auto link = static_cast<std::size_t>(f.channel / 2);
    QVERIFY(link < g.links.size());
    QCOMPARE(f.channel % 2, 0);  // the channel's driven direction
    QCOMPARE(source.simulator().channelHolder(g.links[link].familyId), static_cast<std::uint32_t>(f.packet));
    QCOMPARE(f.vcClass, flit::CircuitRun::kCircuitClass);
    ++marks[link];
  }
  std::size_t held = 0;
  for (std::size_t l = 0; l < g.links.size(); ++l) {
    if (source.simulator().channelHolder(g.links[l].familyId) == flit::fattree::kNoHolder) continue;
    ++held;
    QCOMPARE(marks[l], 3);
  }
  QVERIFY2(held > 10, "at full load a 64-endpoint tree holds channels after 200 cycles");
  QCOMPARE(frame.flits.size(), held * 3);
  QCOMPARE(frame.packetsInFlight, source.simulator().totals().inProgress);
  QCOMPARE(frame.trafficPattern, std::string("locality"));
}

void TstCircuitSource::failuresReachTheSimulatorAndSurviveReset() {
  CircuitSource source(preset("transit-64.json"));
  const flit::NetworkGraph& g = source.run().graph();
  const flit::LinkId link = 7;
  const std::uint32_t channel = g.links[7].familyId;
  source.apply(changes::link(link, false));
  source.apply(changes::node(3, false));
  FrameSnapshot frame;
  source.fillSnapshot(frame);
  QCOMPARE(frame.linkUp[7], std::uint8_t{0});
  QCOMPARE(frame.nodeUp[3], std::uint8_t{0});
  QCOMPARE(source.simulator().faults().channelFailed[channel], std::uint8_t{1});
  for (int i = 0; i < 300; ++i) source.step();
  // No circuit holds the failed channel.
  QCOMPARE(source.simulator().channelHolder(channel), flit::fattree::kNoHolder);
  source.reset();
  QCOMPARE(source.cycle(), std::uint64_t{0});
  QCOMPARE(source.simulator().faults().channelFailed[channel], std::uint8_t{1});
  QCOMPARE(source.simulator().faults().routerFailed[3], std::uint8_t{1});
  source.apply(changes::link(link, true));
  source.apply(changes::node(3, true));
  QCOMPARE(source.simulator().faults().channelFailed[channel], std::uint8_t{0});
  QCOMPARE(source.simulator().faults().routerFailed[3], std::uint8_t{0});
}

void TstCircuitSource::intervalsAddUpToTheCounters() {
  CircuitSource source(preset("transit-64.json"));
  std::uint64_t delivered = 0;
  std::uint64_t lastEnd = 0;
  for (int k = 0; k < 10; ++k) {
    for (int i = 0; i < 150; ++i) source.step();
    const StatsPoint p = source.sampleInterval();
    QCOMPARE(p.cycleBegin, lastEnd);
    QCOMPARE(p.cycleEnd, source.cycle());
    lastEnd = p.cycleEnd;
    delivered += p.deliveredPackets;
    QVERIFY(p.acceptedFlitsPerNodeCycle >= 0.0 && p.acceptedFlitsPerNodeCycle <= 1.0);
    if (p.deliveredPackets > 0) QVERIFY(p.latencyMeanCycles > 0.0 && p.latencyMaxCycles >= p.latencyMeanCycles);
  }
  QVERIFY(delivered > 0);
  QCOMPARE(delivered, source.simulator().stats().messagesDelivered);
}

void TstCircuitSource::whatAFatTreeCannotDoIsRefused() {
  CircuitSource source(preset("transit-64.json"));
  const auto says = [](const std::function<void()>& f, const char* field) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return QString::fromUtf8(e.what()).contains(QLatin1String(field));
    }
    return false;
  };
  QVERIFY(says([&] { source.apply(changes::pattern(flit::TrafficPattern::UniformRandom)); }, "traffic.pattern"));
  QVERIFY(says([&] { source.apply(changes::adaptive(true)); }, "routing.adaptive"));
  QVERIFY(says([&] { source.apply(changes::rate(1.5)); }, "traffic.rate"));
  QVERIFY(says([&] { source.apply(changes::node(static_cast<flit::NodeId>(source.run().graph().routerCount), false)); }, "endpoint 0"));
  QVERIFY(says([&] { source.apply(changes::link(static_cast<flit::LinkId>(source.run().graph().linkCount()), false)); }, "no such channel"));
  QVERIFY(says([&] { source.rewind(5); }, "rewind"));
  source.apply(changes::rate(0.25));
  FrameSnapshot frame;
  source.fillSnapshot(frame);
  QCOMPARE(frame.injectionRateFlitsPerNodeCycle, 0.25);
}

FLITSCOPE_TEST_GUILESS_MAIN(TstCircuitSource)
#include "tst_circuit_source.moc"
