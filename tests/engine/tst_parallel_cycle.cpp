// The parallel cycle (issue 40; sim/parallel_cycle.h, docs/engine.md "A
// parallel cycle"): a run is the same for 1, 2, 3 and 4 threads: the event
// stream (every event, in order), the totals and every router's counters,
// on every torus preset, and with a fault timeline, interventions from
// outside, a barrier beside the data and a rewind in the run. The XT
// 11x12x16's 2,112 routers are 33 words of 64: parts of 9 and 8 words.
#include "test_main.h"
#include "test_paths.h"
#include "sim_state_text.h"
#include "scenario/scenario.h"
#include "scenario/scenario_family.h"
#include "sim/checkpoints.h"
#include "sim/simulator.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace flit;
using flit::test::stateText;
namespace fs = std::filesystem;

namespace {

// Every event, as text: a difference shows where the runs part.
struct EventLog final : SimObserver {
  std::ostringstream text;
  std::uint64_t events = 0;
  void onEvent(const SimEvent& e) override {
    ++events;
    text << e.cycle << ' ' << static_cast<int>(e.kind) << ' ' << e.packet << ' ' << e.node << ' '
         << static_cast<int>(e.port) << ' ' << static_cast<int>(e.vc) << ' ' << e.aux << '\n';
  }
};

struct Run {
  std::string events;
  std::string state;
  std::uint64_t eventCount = 0;
};

Run runPreset(const SimConfig& cfg, int threads, std::uint64_t cycles) {
  Simulator sim(cfg);
  sim.setThreads(threads);
  EventLog log;
  sim.setObserver(&log);
  sim.run(cycles);
  return {log.text.str(), stateText(sim), log.events};
}

// Two strings' first differing line, for a readable failure.
std::string firstDifference(const std::string& a, const std::string& b) {
  std::istringstream x(a), y(b);
  std::string l, m;
  for (int line = 1;; ++line) {
    const bool more = static_cast<bool>(std::getline(x, l));
    const bool moreToo = static_cast<bool>(std::getline(y, m));
    if (!more && !moreToo) return "none";
    if (l != m || more != moreToo) return "line " + std::to_string(line) + ": '" + l + "' against '" + m + "'";
  }
}

}  // namespace

class TstParallelCycle : public QObject {
  Q_OBJECT
 private slots:
  void everyPresetAnyThreadCount_data();
  void everyPresetAnyThreadCount();
  void faultsInterventionsBarrierAndRewind_data();
  void faultsInterventionsBarrierAndRewind();
  void threadsAreNotState();
  void badThreadCountRefused();
};

void TstParallelCycle::everyPresetAnyThreadCount_data() {
  QTest::addColumn<QString>("file");
  for (const fs::path& f : flit::test::presetFiles()) {
    // The fat-tree's circuit simulator has no parallel cycle (one thread).
    if (scenarioFamilyOfText(readScenarioFileText(f.string())) == TopologyFamily::FatTree) continue;
    QTest::newRow(f.stem().string().c_str()) << QString::fromStdString(f.string());
  }
}

void TstParallelCycle::everyPresetAnyThreadCount() {
  QFETCH(QString, file);
  const SimConfig cfg = simConfigFromScenario(loadScenarioFile(file.toStdString()));
  const std::uint64_t cycles = Topology(cfg.topology).nodeCount() > 1024 ? 250 : 1200;
  const Run one = runPreset(cfg, 1, cycles);
  QVERIFY(one.eventCount > 20);
  for (int threads = 2; threads <= 4; ++threads) {
    const Run more = runPreset(cfg, threads, cycles);
    QVERIFY2(more.events == one.events,
             qPrintable(QString("%1 threads: events differ at %2")
                            .arg(threads)
                            .arg(QString::fromStdString(firstDifference(more.events, one.events)))));
    QCOMPARE(more.state, one.state);
  }
}

void TstParallelCycle::faultsInterventionsBarrierAndRewind_data() {
  QTest::addColumn<QString>("preset");
  QTest::addColumn<bool>("adaptive");
  QTest::addColumn<int>("mostThreads");
  QTest::newRow("T3E 8x8x8, adaptive") << "t3e-8x8x8.json" << true << 4;
#ifdef FLITSCOPE_SANITIZED_BUILD
  // 2,112 routers past saturation, four runs: more than the sanitizers'
  // 30 minutes per test function under make tsan on 2 cores (3 and 4
  // threads there are 2 cores shared). A race shows on 2 threads as well;
  // the normal build compares 3 and 4 threads too.
  QTest::newRow("XT 11x12x16, age arbiter") << "xt-11x12x16.json" << false << 2;
#else
  QTest::newRow("XT 11x12x16, age arbiter") << "xt-11x12x16.json" << false << 4;
#endif
}

// A fault timeline, a person's interventions (rate, adaptive routing off, a
// link repaired), a barrier on the T3E's barrier network beside the data, and
// a rewind from 600 to 350 then on to 650: the same on every thread count as
// on one, and the same as the straight run.
void TstParallelCycle::faultsInterventionsBarrierAndRewind() {
  QFETCH(QString, preset);
  QFETCH(bool, adaptive);
  QFETCH(int, mostThreads);
  Scenario s = loadScenarioFile(flit::test::presetPath(preset.toStdString()));
  SimConfig cfg = simConfigFromScenario(s);
  cfg.autoRebuild = true;
  const Topology topo(cfg.topology);
  const LinkId l = topo.linkFrom(topo.nodeAt({{1, 2, 3}}), Direction::PlusY);
  cfg.timeline = {Intervention::link(InterventionKind::FailLink, l, 120),
                  Intervention::node(InterventionKind::FailNode, topo.nodeAt({{5, 5, 1}}), 260)};
  std::vector<Intervention> outside = {Intervention::rate(0.3, 200), Intervention::link(InterventionKind::RepairLink, l, 400)};
  if (adaptive) {
    Intervention a;
    a.kind = InterventionKind::SetAdaptive;
    a.on = false;
    a.cycle = 300;
    outside.push_back(a);
  }
  const bool barrier = Simulator(cfg).sync() != nullptr;
  if (barrier) {
    for (NodeId n = 0; n < topo.nodeCount(); ++n) {
      outside.push_back(Intervention::sync(InterventionKind::Barrier, n, 0, 150));
    }
  }
  const CheckpointPolicy policy{100, std::size_t{512} << 20};
  auto runWith = [&](int threads) {
    Simulator sim(cfg);
    sim.setThreads(threads);
    CheckpointStore store(sim, policy);
    EventLog log;
    sim.setObserver(&log);
    while (sim.cycle() < 600) {
      for (const Intervention& i : outside) {
        if (i.cycle == sim.cycle()) store.apply(sim, i);
      }
      if (!store.step(sim)) break;
    }
    std::string at600 = stateText(sim);
    if (barrier) at600 += "barriers " + std::to_string(sim.sync()->summary().barriersCompleted) + "\n";
    store.rewind(sim, 350);
    if (sim.threads() != threads) throw std::logic_error("a rewind changed the thread count");
    store.run(sim, 300);
    return Run{log.text.str(), at600 + stateText(sim), log.events};
  };
  const Run one = runWith(1);
  QVERIFY(one.eventCount > 1000);
  QVERIFY(!barrier || one.state.find("barriers 0\n") == std::string::npos);  // the barrier completed
  for (int threads = 2; threads <= mostThreads; ++threads) {
    const Run more = runWith(threads);
    QVERIFY2(more.events == one.events,
             qPrintable(QString("%1 threads: events differ at %2")
                            .arg(threads)
                            .arg(QString::fromStdString(firstDifference(more.events, one.events)))));
    QCOMPARE(more.state, one.state);
  }
}

// A copy (a checkpoint) runs on one thread; assigning a state keeps the
// threads the simulator had (a rewind does not change them).
void TstParallelCycle::threadsAreNotState() {
  const SimConfig cfg = simConfigFromScenario(loadScenarioFile(flit::test::presetPath("generic-8x8x8.json")));
  Simulator sim(cfg);
  sim.setThreads(3);
  sim.run(50);
  const Simulator copy = sim;
  QCOMPARE(copy.threads(), 1);
  sim.run(50);
  sim = copy;
  QCOMPARE(sim.threads(), 3);
  QCOMPARE(sim.cycle(), std::uint64_t{50});
  sim.setThreads(1);
  QCOMPARE(sim.threads(), 1);
}

void TstParallelCycle::badThreadCountRefused() {
  Simulator sim(simConfigFromScenario(loadScenarioFile(flit::test::presetPath("teaching-4x4x4.json"))));
  for (const int bad : {0, -1, kMaxCycleThreads + 1}) {
    try {
      sim.setThreads(bad);
      QFAIL(qPrintable(QString("setThreads(%1) accepted").arg(bad)));
    } catch (const std::invalid_argument& e) {
      QVERIFY2(std::string(e.what()).rfind("threads:", 0) == 0, e.what());
    }
    QCOMPARE(sim.threads(), 1);
  }
}

FLITSCOPE_TEST_APPLESS_MAIN(TstParallelCycle)
#include "tst_parallel_cycle.moc"
