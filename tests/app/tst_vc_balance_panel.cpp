// The VC-balance section and overlay (issue 18; T3E paper section 4, Table 1):
//  - the frames carry the engine's Table 1 rows and per-channel VC0/VC1
//    route counts for the routes in force, only while someone looks, and
//    recomputed when the routes change;
//  - Optimize runs the engine's optimizer in the background (same tables as
//    flit::optimizeVcTables for the options), Apply sends them as a
//    setVcTables intervention, and the frames then show the optimized rows;
//    cancel stops a long search; tables the engine refuses come back as
//    lastError naming routing.vcTables;
//  - the overlay draws one two-colour bar per channel that carries routes,
//    split at the engine's VC0 share.
#include "test_main.h"
#include "network_controller.h"
#include "simulation_controller.h"
#include "torus/simulator_source.h"
#include "torus/vc_balance_controller.h"
#include "torus/vc_balance_instancing.h"

#include "analysis/vc_optimize.h"
#include "scenario/scenario.h"

#include <QApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <QtQml/qqmlextensionplugin.h>

#include <memory>

Q_IMPORT_QML_PLUGIN(FlitscopePlugin)

using namespace flitgui;

namespace {

const char* const kT3e = FLITSCOPE_PRESETS_DIR "/t3e-8x8x8.json";
const char* const kRing = FLITSCOPE_PRESETS_DIR "/trc-figure2-ring4.json";

// The optimizer's first progress and new tables (checked against the
// dependency graph before the frames show them) take seconds in a
// sanitizer build.
constexpr int kSlowWait = 60000;

flit::SimConfig configOf(const char* path) { return flit::simConfigFromScenario(flit::loadScenarioFile(path)); }

struct Session {
  SimulationController c;
  VcBalanceController balance;
  explicit Session(const char* path) {
    SimWorker::Options o;
    o.framePeriod = std::chrono::milliseconds(4);
    c.setSource(std::make_unique<SimulatorSource>(configOf(path)), o);
    c.setSpeed(0);
    balance.setSimulation(&c);
    balance.setWatched(true);
  }
};

}  // namespace

class TestVcBalancePanel : public QObject {
  Q_OBJECT

 private slots:
  void frameCarriesTheEngineFigures() {
    SimulatorSource src(configOf(kT3e));
    FrameSnapshot unwatched;
    src.fillSnapshot(unwatched);
    QVERIFY(!unwatched.torus->vcBalance);  // nobody looks: nothing computed
    src.run().watchVcBalance(true);
    FrameSnapshot a, b;
    src.fillSnapshot(a);
    QVERIFY(a.torus->vcBalance);
    const flit::Simulator& sim = src.simulator();
    QCOMPARE(a.torus->vcBalance->rows, flit::evaluateVcBalance(sim.topology(), sim.routing()));
    QCOMPARE(a.torus->vcBalance->channels, flit::channelVcRoutes(sim.topology(), sim.routing()));
    // Table 1, time-of-crossing, ring 8: average .8125 (the preset's rows).
    QCOMPARE(a.torus->vcBalance->rows.front().ring, 8);
    QCOMPARE(a.torus->vcBalance->rows.front().average, 0.8125);
    QVERIFY(src.step());
    src.fillSnapshot(b);
    QCOMPARE(b.torus->vcBalance, a.torus->vcBalance);  // the routes did not change: the same answer, not recomputed
  }

  void optimizeApplyAndTheFramesFollow() {
    Session s(kT3e);
    QTRY_VERIFY(s.balance.answered());
    QCOMPARE(s.balance.rows().size(), 6);  // 3 dimensions x (ring 8, subring 4), Table 1's rows
    const QVariantMap first = s.balance.rows().front().toMap();
    QCOMPARE(first.value("average").toDouble(), 0.8125);
    s.balance.setIterations(20000);
    s.balance.setSeed(7);
    QSignalSpy finished(&s.balance, &VcBalanceController::optimizeFinished);
    s.balance.optimize();
    QVERIFY(s.balance.optimizing());
    QVERIFY(finished.wait(60000));
    QVERIFY(!s.balance.optimizing());
    QVERIFY(s.balance.hasOptimized());
    QVERIFY(s.balance.showOptimized());
    // The same search as the engine's for these options.
    const flit::SimConfig cfg = configOf(kT3e);
    const flit::Topology topo(cfg.topology);
    const flit::RoutingSetup setup = flit::buildRoutingSetup(topo, cfg.routing);
    flit::VcOptimizeOptions o;
    o.iterations = 20000;
    o.seed = 7;
    const flit::VcOptimizeResult expected = flit::optimizeVcTables(topo, setup, o);
    const VcBalanceController::Optimized* got = s.balance.optimizedResult();
    QVERIFY(got);
    QCOMPARE(got->rows, expected.after);
    QCOMPARE(got->tables.entries, flit::vcTableEntriesOf(topo, expected.tables));
    QVERIFY(expected.after.front().average < 0.8125);
    QCOMPARE(s.balance.optimizedRows().size(), s.balance.rows().size());

    QUndoStack undo;
    s.c.setUndoStack(&undo);
    QVERIFY(s.balance.apply());
    QTRY_COMPARE_WITH_TIMEOUT(s.balance.rows().front().toMap().value("average").toDouble(), expected.after.front().average, kSlowWait);
    QVERIFY(s.c.lastError().isEmpty());
    QCOMPARE(s.c.interventionCycles().size(), 1);  // recorded: on the rewind timeline
    // Edit > Undo puts the tables in force before back (Table 1's .8125), redo the optimized ones.
    QCOMPARE(undo.count(), 1);
    undo.undo();
    QTRY_COMPARE_WITH_TIMEOUT(s.balance.rows().front().toMap().value("average").toDouble(), 0.8125, kSlowWait);
    undo.redo();
    QTRY_COMPARE_WITH_TIMEOUT(s.balance.rows().front().toMap().value("average").toDouble(), expected.after.front().average, kSlowWait);
    QVERIFY(s.c.lastError().isEmpty());
    QCOMPARE(s.c.interventionCycles().size(), 3);
    s.c.shutdown();
  }

  void cancelStopsALongSearch() {
    Session s(kT3e);
    QTRY_VERIFY(s.balance.answered());
    s.balance.setIterations(50000000);
    QSignalSpy finished(&s.balance, &VcBalanceController::optimizeFinished);
    s.balance.optimize();
    QTRY_VERIFY_WITH_TIMEOUT(s.balance.progress() > 0.0, kSlowWait);
    s.balance.cancel();
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.front().front().toBool(), true);
    QVERIFY(s.balance.optimizedResult()->cancelled);
    s.c.shutdown();
  }

  void refusedTablesComeBackAsAnError() {
    Session s(kRing);
    QTRY_VERIFY(s.balance.answered());
    flit::VcTablesConfig ones;
    const flit::Topology topo(configOf(kRing).topology);
    for (flit::NodeId n = 0; n < topo.nodeCount(); ++n)
      for (flit::Direction d : {flit::Direction::PlusX, flit::Direction::MinusX})
        ones.entries.push_back({topo.coordOf(n), d, std::vector<std::uint8_t>(4, 1)});
    s.c.apply(flit::Intervention::vcTablesChange(ones));
    QTRY_VERIFY2(s.c.lastError().startsWith(QStringLiteral("routing.vcTables")), qPrintable(s.c.lastError()));
    QCOMPARE(s.c.interventionCycles().size(), 0);
    s.c.shutdown();
  }

  void overlayDrawsTheEngineShares() {
    Session s(kT3e);
    NetworkController network;
    QVERIFY(network.loadScenario(QString::fromLatin1(kT3e)));
    VcBalanceInstancing bars;
    bars.setController(&network);
    bars.setBalance(&s.balance);
    QTRY_VERIFY(bars.channelsDrawn() > 0);
    const auto& counts = s.balance.channels();
    int carrying = 0;
    for (std::size_t ch = 0; ch < counts.size(); ++ch) {
      const int total = counts[ch].vc0 + counts[ch].vc1;
      if (total == 0) {
        QCOMPARE(bars.vc0Share(int(ch)), -1.0);
        continue;
      }
      ++carrying;
      QCOMPARE(bars.vc0Share(int(ch)), double(counts[ch].vc0) / total);
    }
    QCOMPARE(bars.channelsDrawn(), carrying);
    QVERIFY(bars.rows() >= carrying);  // one or two pieces per channel (two per stub of a wrap link)
    s.balance.setWatched(false);
    QCOMPARE(bars.rows(), 0);
    s.c.shutdown();
  }

  void panelLoads() {
    Session s(kT3e);
    QQmlEngine engine;
    engine.addImportPath(QStringLiteral("qrc:/"));
    QQmlComponent component(&engine);
    component.setData("import Flitscope\nimport QtQuick\nVcBalancePanel { view: Item { property bool vcBalanceOverlay: false } }\n",
                      QUrl(QStringLiteral("qrc:/tst_vc_balance_panel/Panel.qml")));
    QVERIFY2(component.isReady(), qPrintable(component.errorString()));
    std::unique_ptr<QObject> panel(component.createWithInitialProperties(
        {{"balance", QVariant::fromValue(&s.balance)}, {"simulation", QVariant::fromValue(&s.c)}}));
    QVERIFY2(panel, qPrintable(component.errorString()));
    QTRY_VERIFY(s.balance.answered());
    auto* optimize = panel->findChild<QQuickItem*>(QStringLiteral("vcBalanceOptimize"));
    QVERIFY(optimize);
    QTRY_VERIFY(optimize->isEnabled());
    auto* apply = panel->findChild<QQuickItem*>(QStringLiteral("vcBalanceApply"));
    QVERIFY(apply);
    QVERIFY(!apply->isEnabled());  // nothing optimized yet
    s.c.shutdown();
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestVcBalancePanel test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_vc_balance_panel.moc"
