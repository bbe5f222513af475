// Save writes the scenario the person is looking at (issue 5): the traffic
// pattern, injection rate and adaptive switch changed live, a failed link, a
// failed node, a routing-tag editor LUT edit and a hot spare, all made
// through the SimulationController while the worker owns the Simulator, are
// in the saved file; the file loads back into an engine in that state, and
// flitscope-cli runs it. Also the hot spare at GUI level: the frames and the
// node inspector show that the spare holds the failed node's logical PE
// (T3E paper section 9).
#include "test_main.h"
#include "changes.h"
#include "torus/node_inspector.h"
#include "scenario_files.h"
#include "simulation_controller.h"

#include "routing/routing_tag.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QApplication>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace flitgui;

namespace {
QString preset(const char* name) { return QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QLatin1Char('/') + name; }

bool contains(const std::vector<flit::Coord>& v, const flit::Coord& c) {
  return std::find(v.begin(), v.end(), c) != v.end();
}
}  // namespace

class TestLiveSave : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void saveWritesEveryLiveChange();
  void hotSpareThroughTheController();
  void saveWithoutSimulationKeepsTheViewsFailedLinks();
  void saveWritesTheArbitration();
  void saveWritesTheVcRule();
};

// The VC rule switched in the deadlock lab (a setVcRule intervention) is
// what Save writes as routing.vcRule.
void TestLiveSave::saveWritesTheVcRule() {
  const QString path = preset("trc-figure1-ring4.json");
  NetworkController view;
  QVERIFY(view.loadScenario(path));
  SimulationController sim;
  QVERIFY(sim.loadScenario(path));
  QCOMPARE(view.scenario()->routing.vcRule, flit::VcRule::OneVc);
  sim.apply(flit::Intervention::vcRuleChange(flit::VcRule::Vc1Start));
  sim.step(10);
  QTRY_VERIFY_WITH_TIMEOUT(sim.frameSawEveryCommand() && sim.cycle() == 10.0, 10000);
  QVERIFY2(sim.lastError().isEmpty(), qPrintable(sim.lastError()));
  ScenarioFiles files;
  files.setController(&view);
  files.setSimulation(&sim);
  QVERIFY(dir_.isValid());
  const QString saved = dir_.filePath(QStringLiteral("vc-rule.json"));
  const QVariantMap r = QCoro::waitFor(files.saveFile(saved));
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
  QCOMPARE(flit::loadScenarioFile(saved.toStdString()).routing.vcRule, flit::VcRule::Vc1Start);
  sim.shutdown();
}

// The arbiter and router.age changed live (the side panel's Arbitration
// controls) are what Save writes.
void TestLiveSave::saveWritesTheArbitration() {
  const QString path = preset("xt-merging-8.json");
  NetworkController view;
  QVERIFY(view.loadScenario(path));
  SimulationController sim;
  QVERIFY(sim.loadScenario(path));
  QCOMPARE(view.scenario()->router.arbiter, flit::ArbiterKind::Age);
  sim.setArbiter(QStringLiteral("roundRobin"));
  sim.setAgeClockPeriod(8);
  sim.setAgeBias(0, false, 3);
  sim.step(10);
  QTRY_VERIFY_WITH_TIMEOUT(sim.frameSawEveryCommand() && sim.cycle() == 10.0, 10000);
  QVERIFY2(sim.lastError().isEmpty(), qPrintable(sim.lastError()));

  ScenarioFiles files;
  files.setController(&view);
  files.setSimulation(&sim);
  QVERIFY(dir_.isValid());
  const QString saved = dir_.filePath(QStringLiteral("arbitration.json"));
  const QVariantMap r = QCoro::waitFor(files.saveFile(saved));
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));
  const flit::Scenario back = flit::loadScenarioFile(saved.toStdString());
  QCOMPARE(back.router.arbiter, flit::ArbiterKind::RoundRobin);
  QCOMPARE(back.router.age.clockPeriodCycles, 8u);
  QCOMPARE(int(back.router.age.requestBias[0]), 3);  // +X
  QCOMPARE(int(back.router.age.requestBias[3]), 3);  // -X
  QCOMPARE(int(back.router.age.responseBias[0]), 1);
  sim.shutdown();
}

void TestLiveSave::saveWritesEveryLiveChange() {
  const QString path = preset("teaching-4x4x4.json");
  NetworkController view;
  QVERIFY(view.loadScenario(path));
  SimulationController sim;
  QVERIFY(sim.loadScenario(path));
  const flit::Scenario& loaded = *view.scenario();
  const flit::Topology& topo = *view.topology();
  QVERIFY(loaded.traffic.pattern != flit::TrafficPattern::Tornado);
  QVERIFY(loaded.router.adaptiveRouting);
  QVERIFY(loaded.failedLinks.empty() && loaded.failedNodes.empty() && loaded.routing.lutEntries.empty());

  // The machine as the person changes it, live.
  const flit::NodeId src = topo.nodeAt(flit::Coord{{0, 0, 0}});
  const flit::NodeId dst = topo.nodeAt(flit::Coord{{1, 0, 0}});
  const flit::NodeId failedNode = topo.nodeAt(flit::Coord{{2, 2, 2}});
  const flit::NodeId spare = topo.nodeAt(flit::Coord{{3, 3, 1}});
  const flit::LinkId link = topo.linkFrom(topo.nodeAt(flit::Coord{{1, 2, 3}}), flit::Direction::PlusY);
  flit::SimConfig cfg = flit::simConfigFromScenario(loaded);
  const flit::Simulator reference(cfg);
  const int lutIndex = reference.routing().tables->peMap().logicalOf(dst);  // mode 0: one entry per logical PE
  flit::RoutingTag longWay = flit::RoutingTag::decode(reference.generatedLutEntry(src, lutIndex));
  longWay.xMinus = true;  // to (1,0,0) the long way round
  sim.run();
  sim.setTrafficPattern(QStringLiteral("tornado"));
  sim.setInjectionRate(0.0625);
  sim.setAdaptive(false);
  view.setLinkUp(link, false);  // as a click in the view (MainWindowSession mirrors it into the engine)
  sim.setLinkUp(link, false);
  sim.setNodeUp(failedNode, false);
  sim.apply(changes::lutEntry(src, lutIndex, longWay.encode()));
  sim.setHotSpare(spare, true);
  QTRY_VERIFY_WITH_TIMEOUT(sim.frameSawEveryCommand() && sim.hotSpareIds().contains(spare), 10000);
  QVERIFY2(sim.lastError().isEmpty(), qPrintable(sim.lastError()));
  QCOMPARE(sim.peHomeOf(spare), failedNode);

  ScenarioFiles files;
  files.setController(&view);
  files.setSimulation(&sim);
  QVERIFY(dir_.isValid());
  const QString saved = dir_.filePath(QStringLiteral("live.json"));
  const QVariantMap r = QCoro::waitFor(files.saveFile(saved));  // while the simulation runs
  QVERIFY2(r["ok"].toBool(), qPrintable(r["error"].toString()));

  // Every change is in the file.
  const flit::Scenario back = flit::loadScenarioFile(saved.toStdString());
  QCOMPARE(back.name, loaded.name);
  QCOMPARE(back.traffic.pattern, flit::TrafficPattern::Tornado);
  QCOMPARE(back.traffic.rateFlitsPerNodeCycle, 0.0625);
  QCOMPARE(back.router.adaptiveRouting, false);
  QCOMPARE(back.failedLinks.size(), std::size_t{1});
  QCOMPARE(flit::resolveLinkSpec(topo, back.failedLinks[0], "test"), link);
  QCOMPARE(back.failedNodes, std::vector<flit::Coord>{topo.coordOf(failedNode)});
  QCOMPARE(back.hotSpares, std::vector<flit::Coord>{topo.coordOf(spare)});
  QCOMPARE(back.routing.lutEntries.size(), std::size_t{1});
  QCOMPARE(back.routing.lutEntries[0].node, topo.coordOf(src));
  QCOMPARE(back.routing.lutEntries[0].index, lutIndex);
  QCOMPARE(quint64{back.routing.lutEntries[0].tag}, quint64{longWay.encode()});
  QVERIFY(contains(back.hotSpares, flit::Coord{{3, 3, 1}}));

  // Reloaded, the engine is in that state from cycle 0.
  flit::SimConfig again = flit::simConfigFromScenario(back);
  again.autoRebuild = true;  // as the GUI and flitscope-cli run it
  flit::Simulator reloaded(again);
  QVERIFY(!reloaded.topology().linkUp(link));
  QVERIFY(!reloaded.nodeUp(failedNode));
  QVERIFY(reloaded.hotSpare(spare));
  QCOMPARE(reloaded.peHomeOf(spare), failedNode);
  // The saved entry's route is in force; the rebuild at load (autoRebuild,
  // a node is down) may clear its adaptive bit like any entry's
  // (RouteBuildReport::adaptiveDisabledEntries).
  flit::RoutingTag inForce = flit::RoutingTag::decode(reloaded.routing().tables->entry(src, lutIndex));
  flit::RoutingTag expected = longWay;
  inForce.adaptive = expected.adaptive = false;
  QCOMPARE(quint64{inForce.encode()}, quint64{expected.encode()});
  QVERIFY(!reloaded.adaptive());

  // And the command-line tool runs it.
  QProcess cli;
  cli.start(QStringLiteral(FLITSCOPE_CLI), {QStringLiteral("run"), saved, QStringLiteral("--warmup"), QStringLiteral("100"), QStringLiteral("--cycles"), QStringLiteral("300")});
  QVERIFY(cli.waitForFinished(60000));
  QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0,
           qPrintable(QString::fromUtf8(cli.readAllStandardError())));
  sim.shutdown();
}

void TestLiveSave::hotSpareThroughTheController() {
  const QString path = preset("teaching-4x4x4.json");
  NetworkController view;
  QVERIFY(view.loadScenario(path));
  SimulationController sim;
  QVERIFY(sim.loadScenario(path));
  const flit::Topology& topo = *view.topology();
  const flit::NodeId failedNode = topo.nodeAt(flit::Coord{{1, 1, 1}});
  const flit::NodeId spare = topo.nodeAt(flit::Coord{{3, 0, 2}});
  NodeInspector inspector;
  inspector.setNetwork(&view);
  inspector.setSimulation(&sim);
  inspector.setNode(spare);
  sim.setHotSpare(spare, true);  // standing by
  QTRY_VERIFY_WITH_TIMEOUT(inspector.hasData() && inspector.hotSpare(), 10000);
  QCOMPARE(inspector.peHome(), spare);
  QVERIFY2(inspector.peText().contains(QStringLiteral("standing by")), qPrintable(inspector.peText()));
  sim.setNodeUp(failedNode, false);  // the spare takes the failed node's logical PE
  sim.step(1);  // an intervention: the engine rebuilds (and renames) before the next cycle, as a replay does
  QTRY_COMPARE_WITH_TIMEOUT(sim.peHomeOf(spare), failedNode, 10000);
  QTRY_COMPARE_WITH_TIMEOUT(inspector.peHome(), failedNode, 10000);
  QVERIFY2(inspector.peText().contains(view.describeNode(failedNode)), qPrintable(inspector.peText()));
  QCOMPARE(sim.peHomeOf(failedNode), spare);
  sim.reset();  // the machine as the person left it: still failed, still the spare
  QTRY_VERIFY_WITH_TIMEOUT(sim.frameSawEveryCommand() && sim.cycle() == 0, 10000);
  QCOMPARE(sim.peHomeOf(spare), failedNode);
  QVERIFY(sim.hotSpareIds().contains(spare));
  // Traffic for that PE is delivered at the spare: the run goes on without drops for misroutes.
  sim.setSpeed(0);
  sim.step(2000);
  QTRY_VERIFY_WITH_TIMEOUT(sim.cycle() >= 2000, 20000);
  QVERIFY(sim.packetsDelivered() > 0);
  QVERIFY2(sim.lastError().isEmpty(), qPrintable(sim.lastError()));
  sim.setHotSpare(spare, false);
  QTRY_VERIFY_WITH_TIMEOUT(!sim.hotSpareIds().contains(spare), 10000);
  QCOMPARE(sim.peHomeOf(spare), spare);
  // A refused request names the field and leaves the spares alone.
  sim.setHotSpare(4096, true);
  QTRY_VERIFY_WITH_TIMEOUT(sim.lastError().startsWith(QStringLiteral("node: ")), 10000);
  QVERIFY(sim.hotSpareIds().isEmpty());
  sim.shutdown();
}

void TestLiveSave::saveWithoutSimulationKeepsTheViewsFailedLinks() {
  NetworkController view;
  QVERIFY(view.loadScenario(preset("teaching-4x4x4.json")));
  view.setLinkUp(5, false);
  ScenarioFiles files;
  files.setController(&view);  // no simulation: the view's state
  const QString saved = dir_.filePath(QStringLiteral("view.json"));
  QVERIFY(QCoro::waitFor(files.saveFile(saved))["ok"].toBool());
  const flit::Scenario back = flit::loadScenarioFile(saved.toStdString());
  QCOMPARE(back.failedLinks.size(), std::size_t{1});
  QCOMPARE(flit::resolveLinkSpec(*view.topology(), back.failedLinks[0], "test"), 5);
}

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestLiveSave test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_live_save.moc"
