// Rewind (issue 16, "Record, replay, rewind"; sim/checkpoints.h): a rewind to
// cycle c then a run to c' gives the same state as a straight run to c' (run
// summary, per-router counters, the event stream from c' on), with the
// scenario's fault timeline and the interventions applied from outside
// replayed at their cycles; the checkpoint memory stays within its budget;
// bad targets are refused with an error naming the cycle.
#include "test_main.h"
#include "test_paths.h"
#include "sim_state_text.h"
#include "scenario/scenario.h"
#include "sim/checkpoints.h"
#include "sim/simulator.h"

#include <QtTest>

#include <string>

using namespace flit;
using flit::test::stateText;

namespace {

SimConfig presetConfig(const QString& preset, bool faultTimeline) {
  Scenario s = loadScenarioFile(flit::test::presetPath(preset.toStdString()));
  SimConfig c = simConfigFromScenario(s);
  c.autoRebuild = true;
  if (faultTimeline) {
    const Topology topo(c.topology);
    const LinkId l = topo.linkFrom(topo.nodeAt({{1, 2, 3}}), Direction::PlusY);
    const NodeId n = topo.nodeAt({{5, 5, 1}});
    c.timeline = {Intervention::link(InterventionKind::FailLink, l, 250),
                  Intervention::node(InterventionKind::FailNode, n, 420),
                  Intervention::link(InterventionKind::RepairLink, l, 610)};
  }
  return c;
}

// Interventions from outside (a person at the GUI), applied at their cycles
// through the store.
std::vector<Intervention> outside(bool adaptive) {
  std::vector<Intervention> v = {Intervention::rate(0.05, 300), Intervention::rate(0.2, 520)};
  if (adaptive) {
    Intervention a;
    a.kind = InterventionKind::SetAdaptive;
    a.on = false;
    a.cycle = 560;
    v.push_back(a);
  }
  return v;
}

// Runs to `to` through the store, applying `extra` at their cycles (those
// not yet applied: at or after the current cycle).
void runUntil(CheckpointStore& store, Simulator& sim, std::uint64_t to,
           const std::vector<Intervention>& extra) {
  while (sim.cycle() < to) {
    for (const Intervention& i : extra) {
      if (i.cycle == sim.cycle()) store.apply(sim, i);
    }
    QVERIFY(store.step(sim));
  }
}

// The hash of the event stream over the next `cycles` cycles, `extra`
// applied at their cycles (the rewound run has them pending already).
std::uint64_t fingerprintAhead(CheckpointStore& store, Simulator& sim, std::uint64_t cycles,
                               const std::vector<Intervention>& extra = {}) {
  FingerprintObserver fp;
  sim.setObserver(&fp);
  runUntil(store, sim, sim.cycle() + cycles, extra);
  sim.setObserver(nullptr);
  return fp.hash() ^ fp.events();
}

}  // namespace

class TstRewind : public QObject {
  Q_OBJECT
 private slots:
  void rewindThenRunEqualsStraightRun_data();
  void rewindThenRunEqualsStraightRun();
  void discardDropsLaterInterventions();
  void memoryBudgetRespected();
  void badTargetsRefused();
  void copyIsSelfContained();
};

void TstRewind::rewindThenRunEqualsStraightRun_data() {
  QTest::addColumn<QString>("preset");
  QTest::addColumn<bool>("faults");
  QTest::addColumn<quint64>("rewindTo");
  QTest::addColumn<quint64>("runTo");
  // The run goes to 700; checkpoints every 100 cycles.
  QTest::newRow("t3e 8x8x8 with faults, 450 -> 640") << "t3e-8x8x8.json" << true << quint64{450} << quint64{640};
  QTest::newRow("t3e 8x8x8 with faults, 250 (a fault's cycle) -> 300") << "t3e-8x8x8.json" << true << quint64{250} << quint64{300};
  QTest::newRow("t3e 8x8x8 with faults, 60 (before any checkpoint) -> 700") << "t3e-8x8x8.json" << true << quint64{60} << quint64{700};
  QTest::newRow("generic 8x8x8, 333 -> 520") << "generic-8x8x8.json" << false << quint64{333} << quint64{520};
  QTest::newRow("generic 8x8x8, 700 -> 700") << "generic-8x8x8.json" << false << quint64{700} << quint64{700};
}

void TstRewind::rewindThenRunEqualsStraightRun() {
  QFETCH(QString, preset);
  QFETCH(bool, faults);
  QFETCH(quint64, rewindTo);
  QFETCH(quint64, runTo);
  const SimConfig cfg = presetConfig(preset, faults);
  const auto extra = outside(faults);
  const CheckpointPolicy policy{100, std::size_t{512} << 20};

  Simulator straight(cfg);
  CheckpointStore straightStore(straight, policy);
  runUntil(straightStore, straight, runTo, extra);
  const std::string expected = stateText(straight);

  Simulator sim(cfg);
  CheckpointStore store(sim, policy);
  runUntil(store, sim, 700, extra);
  QVERIFY(store.checkpointCycles().size() >= 6);
  store.rewind(sim, static_cast<std::int64_t>(rewindTo));
  QCOMPARE(sim.cycle(), rewindTo);
  QCOMPARE(store.lastCycle(sim), quint64{700});
  std::size_t later = 0;
  for (const Intervention& i : extra) later += i.cycle >= rewindTo ? 1 : 0;
  QCOMPARE(store.pending().size(), later);  // kept, to be applied at their cycles
  store.run(sim, runTo - rewindTo);
  QCOMPARE(stateText(sim), expected);
  QVERIFY(sim.applied() == straight.applied());
  QCOMPARE(fingerprintAhead(store, sim, 150), fingerprintAhead(straightStore, straight, 150, extra));

  // Forward again within the run, then back once more.
  store.rewind(sim, 700);
  QCOMPARE(sim.cycle(), quint64{700});
  store.rewind(sim, static_cast<std::int64_t>(runTo));
  QCOMPARE(stateText(sim), expected);
}

void TstRewind::discardDropsLaterInterventions() {
  const SimConfig cfg = presetConfig("t3e-8x8x8.json", true);
  const CheckpointPolicy policy{100, std::size_t{512} << 20};
  auto extra = outside(true);
  Simulator sim(cfg);
  CheckpointStore store(sim, policy);
  runUntil(store, sim, 650, extra);
  store.rewind(sim, 400);
  QCOMPARE(store.pending().size(), std::size_t{2});
  const auto markers = store.timeline(sim);
  QCOMPARE(markers.size(), std::size_t{6});  // 3 from the scenario, 3 from outside
  std::size_t pendingMarks = 0;
  for (const auto& m : markers) pendingMarks += m.pending ? 1 : 0;
  QCOMPARE(pendingMarks, std::size_t{2});
  store.discardPending(sim);
  QVERIFY(store.pending().empty());
  QCOMPARE(store.lastCycle(sim), quint64{400});
  store.run(sim, 200);

  extra.resize(1);  // only what came before cycle 400
  Simulator straight(cfg);
  CheckpointStore straightStore(straight, policy);
  runUntil(straightStore, straight, 600, extra);
  QCOMPARE(stateText(sim), stateText(straight));
  QCOMPARE(store.timeline(sim).size(), std::size_t{4});
}

void TstRewind::memoryBudgetRespected() {
  const SimConfig cfg = presetConfig("generic-8x8x8.json", false);
  Simulator sim(cfg);
  Simulator warm(cfg);
  warm.run(300);  // its packet pool and timing wheel have grown to their working size
  const std::size_t one = warm.memoryBytes();
  QVERIFY(one > 100'000);  // 512 routers' buffers at least
  const std::size_t budget = one * 7 / 2;  // room for three checkpoints
  CheckpointStore store(sim, CheckpointPolicy{40, budget});
  store.run(sim, 1000);
  QVERIFY2(store.bytesUsed() <= budget, std::to_string(store.bytesUsed()).c_str());
  const auto cycles = store.checkpointCycles();
  QVERIFY2(cycles.size() >= 2 && cycles.size() <= 3, std::to_string(cycles.size()).c_str());
  QVERIFY(store.intervalCycles() > 40);  // thinned: every second one went
  for (const std::uint64_t c : cycles) QCOMPARE(c % store.intervalCycles(), quint64{0});
  const std::string at1000 = stateText(sim);
  store.rewind(sim, 555);
  store.run(sim, 445);
  QCOMPARE(stateText(sim), at1000);
  QVERIFY(store.bytesUsed() <= budget);

  // A budget too small for one checkpoint: none is kept, rewinds start from cycle 0.
  Simulator small(cfg);
  CheckpointStore none(small, CheckpointPolicy{40, one / 2});
  none.run(small, 300);
  QCOMPARE(none.bytesUsed(), std::size_t{0});
  QVERIFY(none.checkpointCycles().empty());
  const std::string at300 = stateText(small);
  none.rewind(small, 100);
  none.run(small, 200);
  QCOMPARE(stateText(small), at300);
}

void TstRewind::badTargetsRefused() {
  Simulator sim(presetConfig("generic-8x8x8.json", false));
  CheckpointStore store(sim, CheckpointPolicy{50, std::size_t{64} << 20});
  store.run(sim, 120);
  const std::string before = stateText(sim);
  try {
    store.rewind(sim, 121);
    QFAIL("a cycle beyond the run was accepted");
  } catch (const std::invalid_argument& e) {
    QCOMPARE(QString(e.what()), QString("rewind: cycle 121 is beyond the last cycle run (120)"));
  }
  try {
    store.rewind(sim, -1);
    QFAIL("a negative cycle was accepted");
  } catch (const std::invalid_argument& e) {
    QCOMPARE(QString(e.what()), QString("rewind: cycle must be >= 0, got -1"));
  }
  QCOMPARE(stateText(sim), before);  // nothing changed
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CheckpointStore(sim, CheckpointPolicy{}));  // not at cycle 0
  Simulator fresh(presetConfig("generic-8x8x8.json", false));
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, CheckpointStore(fresh, CheckpointPolicy{0, 1}));
}

// A checkpoint outlives the Simulator it was taken from and carries no observer.
void TstRewind::copyIsSelfContained() {
  const SimConfig cfg = presetConfig("t3e-8x8x8.json", true);
  FingerprintObserver fp;
  auto original = std::make_unique<Simulator>(cfg);
  original->setObserver(&fp);
  original->run(300);
  Simulator copy = *original;
  QCOMPARE(copy.observer(), static_cast<SimObserver*>(nullptr));
  const std::string atCopy = stateText(copy);
  original->run(200);
  const std::string expected = stateText(*original);
  const std::uint64_t events = fp.events();
  original.reset();
  QCOMPARE(stateText(copy), atCopy);
  copy.run(200);
  QCOMPARE(stateText(copy), expected);
  QCOMPARE(fp.events(), events);  // the copy published nothing
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRewind)
#include "tst_rewind.moc"
