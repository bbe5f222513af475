// A circuit network's run as the window watches it, and the frames the
// engine builds of it (view/circuit_run.h, view/frame.h; issue 37: frames
// built by the engine, compared whole): two runs of the same scenario and
// changes give equal frames; a frame is the circuit simulator's state (the
// channels held, the faults, the counters); a rewound run shows the same
// machine as a run straight to the same cycle.
#include "test_main.h"

#include <QtTest>
#include <sstream>
#include <string>

#include "fattree/fat_tree_scenario.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/scenario.h"
#include "test_paths.h"
#include "view/circuit_run.h"
#include "view/circuit_view.h"
#include "view/followed_packet.h"
#include "view/frame.h"

using namespace flit;

namespace {

fattree::FatTreeScenario preset(const char* name) {
  return fattree::parseFatTreeScenario(readScenarioFileText(test::presetPath(name)));
}

Frame frameOf(const CircuitRun& run) {
  Frame f;
  run.frame(f);
  return f;
}

std::string printed(const Frame& f) {
  std::ostringstream out;
  out << f;
  return out.str();
}

// An RN1 inspected and endpoint 5's message followed from cycle 100, a
// channel failed at 200 and the rate lowered at 300; points sampled at 300.
Frame watchedRun(const char* name, std::uint64_t cycles) {
  CircuitRun run(preset(name));
  for (std::uint64_t c = 0; c < 100; ++c) run.step();
  WatchSet watch;
  watch.inspectedNode = 3;
  watch.followedPacket = 5;
  run.setWatch(watch);
  for (std::uint64_t c = 100; c < 200; ++c) run.step();
  run.apply(Intervention::link(InterventionKind::FailLink, 11));
  for (std::uint64_t c = 200; c < 300; ++c) run.step();
  (void)run.sampleInterval();
  run.apply(Intervention::rate(0.25));
  while (run.cycle() < cycles) run.step();
  return frameOf(run);
}

}  // namespace

class TstCircuitRun : public QObject {
  Q_OBJECT
 private slots:
  void twoRunsGiveEqualFrames_data();
  void twoRunsGiveEqualFrames();
  void aFrameIsTheCircuitSimulatorsState();
  void aRewoundRunShowsTheSameMachine();
};

void TstCircuitRun::twoRunsGiveEqualFrames_data() {
  QTest::addColumn<QString>("preset");
  QTest::newRow("fat-tree") << "transit-64.json";
  QTest::newRow("flat bidelta") << "transit-flat-256.json";
}

void TstCircuitRun::twoRunsGiveEqualFrames() {
  QFETCH(QString, preset);
  const QByteArray name = preset.toUtf8();
  const Frame one = watchedRun(name.constData(), 500);
  const Frame again = watchedRun(name.constData(), 500);
  QVERIFY2(one == again, (printed(one) + "\n" + printed(again)).c_str());
  QVERIFY(one.circuits->view && one.circuits->router && one.followed);
  QCOMPARE(one.circuits->router->node, 3u);
  QVERIFY(one.followed->circuit);
  QCOMPARE(one.linkUp[11], std::uint8_t{0});
  QCOMPARE(one.injectionRateFlitsPerNodeCycle, 0.25);
  QVERIFY(one.timeline && one.timeline->size() == 2);
  const std::string text = printed(one);
  QVERIFY2(text.find("frame at cycle 500") == 0, text.c_str());
  QVERIFY2(text.find("followed, circuit, circuitRouter") != std::string::npos, text.c_str());

  Frame other = one;
  auto circuit = std::make_shared<CircuitView>(*one.circuits->view);
  circuit->counters.blockedBusy += 1;
  auto extras = std::make_shared<CircuitExtras>(*one.circuits);
  extras->view = circuit;
  other.circuits = extras;
  QVERIFY(!(one == other));
}

void TstCircuitRun::aFrameIsTheCircuitSimulatorsState() {
  CircuitRun run(preset("transit-64.json"));
  run.apply(Intervention::node(InterventionKind::FailNode, 2));
  for (int c = 0; c < 400; ++c) run.step();
  const Frame f = frameOf(run);
  const fattree::CircuitSimulator& sim = run.simulator();
  const NetworkGraph& g = run.graph();
  // Three marks along every held channel, one colour (the circuit class).
  std::size_t held = 0;
  for (const GraphLink& link : g.links) held += sim.channelHolder(link.familyId) != fattree::kNoHolder ? 1 : 0;
  QVERIFY(held > 0);
  QCOMPARE(f.flits.size(), 3 * held);
  QCOMPARE(f.flitsInNetwork, f.flits.size());
  for (const FrameFlit& fl : f.flits) QCOMPARE(fl.vcClass, CircuitRun::kCircuitClass);
  QCOMPARE(f.nodeUp.size(), std::size_t(g.nodeCount()));
  QCOMPARE(f.nodeUp[2], std::uint8_t{0});
  QCOMPARE(f.packetsInjected, sim.totals().created);
  QCOMPARE(f.packetsDelivered, sim.totals().delivered);
  QCOMPARE(f.packetsInjected, f.packetsDelivered + f.packetsDropped + f.packetsInFlight);
  QVERIFY(f.circuits->view && !f.circuits->router && !f.followed && !f.torus);
  QCOMPARE(f.circuits->view->counters.messagesDelivered, sim.totals().delivered);
}

void TstCircuitRun::aRewoundRunShowsTheSameMachine() {
  CircuitRun rewound(preset("transit-64.json"));
  for (int c = 0; c < 150; ++c) rewound.step();
  rewound.apply(Intervention::link(InterventionKind::FailLink, 20));
  for (int c = 150; c < 2500; ++c) rewound.step();
  rewound.rewind(1600);
  rewound.discardLaterInterventions();

  CircuitRun straight(preset("transit-64.json"));
  for (int c = 0; c < 150; ++c) straight.step();
  straight.apply(Intervention::link(InterventionKind::FailLink, 20));
  while (straight.cycle() < 1600) straight.step();

  const Frame a = frameOf(rewound);
  const Frame b = frameOf(straight);
  QCOMPARE(a.cycle, 1600u);
  QVERIFY(a.flits == b.flits);
  QCOMPARE(a.linkUp, b.linkUp);
  QCOMPARE(a.packetsDelivered, b.packetsDelivered);
  QVERIFY(a.latencyHistogram == b.latencyHistogram);
  QVERIFY(a.circuits->view->counters == b.circuits->view->counters);
  QVERIFY(*a.timeline == *b.timeline);
  QCOMPARE(a.lastCycle, 1600u);  // what lay after the rewind was discarded: the run ends here
  QCOMPARE(a.pendingInterventions, 0u);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstCircuitRun)
#include "tst_circuit_run.moc"
