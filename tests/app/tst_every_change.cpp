// Every intervention kind the engine has comes in from the window and goes
// back out through Edit > Undo (issue 37: "a test fails if an intervention
// kind has no way in from the window or no undo"). Per kind, one row does
// what the window's QML calls on the real controllers (the 3D view's link
// and node clicks, the side panel's settings, the tag editor, the deadlock
// lab, the VC-balance section, the barrier panel) against the real engine;
// the engine's own timeline (the rewind bar's marks, describeIntervention)
// then holds the kind, and after Undo one more change: its inverse. The
// barrier networks' processor operations (the panel's Barrier, Eureka and
// Eureka from node) and the node menu's special network packets (SPUT, SGET)
// are events of the run, not settings: applied, with no undo entry. A kind added to the engine without a row here fails.
#include "test_main.h"

#include "network_controller.h"
#include "simulation_controller.h"
#include "torus/deadlock_lab.h"
#include "torus/special_controller.h"
#include "torus/sync_controller.h"
#include "torus/tag_editor.h"
#include "torus/vc_balance_controller.h"

#include "scenario/intervention.h"

#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <functional>
#include <map>
#include <string>

using namespace flitgui;
using K = flit::InterventionKind;

namespace {

const QString kTeaching = QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json");
constexpr int kWait = 60000;
constexpr int kEurekaNode = 0;  // a participant of the teaching torus's BSU 0 tree
constexpr int kSpecialNode = 21;  // the router the special network's SPUT and SGET go to

// The composition root's wiring (MainWindowSession), for the controllers a
// change comes from.
struct Window {
  NetworkController network;
  SimulationController simulation;
  TagEditor tags;
  DeadlockLab lab;
  VcBalanceController balance;
  SyncController sync;
  SpecialController special;
  Window() {
    network.loadScenario(kTeaching);
    simulation.loadScenario(kTeaching);
    simulation.setUndoStack(network.undoStack());
    network.setSimulation(&simulation);
    tags.setNetwork(&network);
    tags.setSimulation(&simulation);
    special.setNetwork(&network);  // Main.qml's binding
    for (WatchingController* w : std::initializer_list<WatchingController*>{&lab, &balance, &sync, &special}) {
      w->setSimulation(&simulation);
      w->setWatched(true);
    }
  }
  // The engine applied everything posted and ran one more cycle.
  bool settled() {
    const double cycle = simulation.cycle();
    simulation.step(1);
    return QTest::qWaitFor([&] { return simulation.frameSawEveryCommand() && simulation.cycle() > cycle; }, kWait);
  }
  // The engine's timeline: one text per change applied (describeIntervention).
  QStringList marks() const {
    QStringList out;
    const FramePtr f = simulation.currentFrame();
    if (f && f->timeline)
      for (const flit::TimelineMark& m : *f->timeline) out << QString::fromStdString(m.text);
    return out;
  }
  int count(K kind) const {
    const QString name = QString::fromUtf8(flit::interventionKindName(kind).data());
    int n = 0;
    for (const QString& m : marks()) n += m.contains(' ' + name + ' ') || m.endsWith(' ' + name) ? 1 : 0;
    return n;
  }
};

// What a person does for a kind, after `prepare` (what must be true first).
struct Row {
  std::function<void(Window&)> prepare;
  std::function<void(Window&)> act;
  bool undoable = true;
};

void pickPair(Window& w) {
  QCOMPARE(w.tags.setSourceCoordinates(QStringLiteral("0,3,0")), QString());
  QCOMPARE(w.tags.setDestinationCoordinates(QStringLiteral("1,1,1")), QString());
  QVERIFY(QTest::qWaitFor([&] { return w.tags.hasPreview(); }, kWait));
}

std::map<K, Row> rows() {
  const auto none = [](Window&) {};
  std::map<K, Row> r;
  r[K::FailLink] = {none, [](Window& w) { w.network.setLinkUp(5, false); }};
  r[K::RepairLink] = {[](Window& w) { w.network.setLinkUp(5, false); }, [](Window& w) { w.network.setLinkUp(5, true); }};
  r[K::FailNode] = {none, [](Window& w) { w.network.setNodeUp(7, false); }};
  r[K::RepairNode] = {[](Window& w) { w.network.setNodeUp(7, false); }, [](Window& w) { w.network.setNodeUp(7, true); }};
  r[K::SetHotSpare] = {none, [](Window& w) { w.simulation.setHotSpare(21, true); }};
  r[K::SetRate] = {none, [](Window& w) { w.simulation.setInjectionRate(0.3); }};
  r[K::SetPattern] = {none, [](Window& w) { w.simulation.setTrafficPattern(QStringLiteral("transpose")); }};
  r[K::SetAdaptive] = {none, [](Window& w) { w.simulation.setAdaptive(!w.simulation.currentFrame()->adaptive); }};
  r[K::SetArbiter] = {none, [](Window& w) {
                        const bool roundRobin = w.simulation.currentFrame()->arbiter == flit::ArbiterKind::RoundRobin;
                        w.simulation.setArbiter(roundRobin ? QStringLiteral("t3e") : QStringLiteral("roundRobin"));
                      }};
  r[K::SetAgeConfig] = {none, [](Window& w) {
                          w.simulation.setAgeClockPeriod(static_cast<int>(w.simulation.currentFrame()->age.clockPeriodCycles) + 3);
                        }};
  r[K::SetLutEntry] = {pickPair, [](Window& w) {
                         QCOMPARE(w.tags.setField(QStringLiteral("yMinus"), 1), QString());
                         QVERIFY(QTest::qWaitFor([&] { return w.tags.canApply(); }, kWait));
                         w.tags.apply();
                       }};
  r[K::RestoreLutEntry] = {[](Window& w) {
                             pickPair(w);
                             QCOMPARE(w.tags.setField(QStringLiteral("yMinus"), 1), QString());
                             QVERIFY(QTest::qWaitFor([&] { return w.tags.canApply(); }, kWait));
                             w.tags.apply();
                             QVERIFY(w.settled());
                             QVERIFY(QTest::qWaitFor([&] { return w.tags.lutEdited(); }, kWait));
                           },
                           [](Window& w) { w.tags.revert(); }};
  r[K::SetVcRule] = {[](Window& w) { QVERIFY(QTest::qWaitFor([&] { return w.lab.answered(); }, kWait)); },
                     [](Window& w) { w.lab.setRule(QStringLiteral("timeOfCrossing")); }};
  r[K::SetVcTables] = {[](Window& w) {
                         QVERIFY(QTest::qWaitFor([&] { return w.balance.answered(); }, kWait));
                         QSignalSpy finished(&w.balance, &VcBalanceController::optimizeFinished);
                         w.balance.optimize();
                         QVERIFY(finished.wait(kWait));
                       },
                       [](Window& w) { QVERIFY(w.balance.apply()); }};
  r[K::Barrier] = {none, [](Window& w) { w.sync.barrier(); }, false};
  r[K::Eureka] = {[](Window& w) { QVERIFY(QTest::qWaitFor([&] { return w.sync.canEurekaFrom(kEurekaNode); }, kWait)); },
                  [](Window& w) { w.sync.eurekaFrom(kEurekaNode); }, false};
  r[K::EurekaBarrier] = {none, [](Window& w) { w.sync.eureka(); }, false};
  // The node menu's special network items (NodeMenu.qml), events of the run too.
  r[K::SpecialPut] = {none, [](Window& w) { QVERIFY(w.special.resetRouter(kSpecialNode)); }, false};
  r[K::SpecialGet] = {none, [](Window& w) { QVERIFY(w.special.readWayBack(kSpecialNode)); }, false};
  return r;
}

}  // namespace

class TestEveryChange : public QObject {
  Q_OBJECT

 private slots:
  void everyKindComesInFromTheWindowAndUndoes_data() {
    QTest::addColumn<int>("kind");
    for (int k = 0; k < flit::kInterventionKindCount; ++k)
      QTest::newRow(flit::interventionKindName(static_cast<K>(k)).data()) << k;
  }

  void everyKindComesInFromTheWindowAndUndoes() {
    QFETCH(int, kind);
    const auto k = static_cast<K>(kind);
    const std::map<K, Row> table = rows();
    const auto row = table.find(k);
    if (row == table.end())
      QFAIL(qPrintable(QStringLiteral("%1 has no way in from the window (no row here)")
                           .arg(QString::fromUtf8(flit::interventionKindName(k).data()))));
    Window w;
    QVERIFY(QTest::qWaitFor([&] { return w.simulation.hasSimulation() && w.simulation.currentFrame(); }, kWait));
    QVERIFY(w.settled());
    row->second.prepare(w);
    if (QTest::currentTestFailed()) return;
    QVERIFY(w.settled());
    const int before = w.count(k);
    const int marks = w.marks().size();
    const int entries = w.network.undoStack()->count();
    row->second.act(w);
    if (QTest::currentTestFailed()) return;
    QVERIFY(w.settled());
    QVERIFY2(w.simulation.lastError().isEmpty(), qPrintable(w.simulation.lastError()));
    QVERIFY2(w.count(k) > before, qPrintable(w.marks().join('\n')));
    if (!row->second.undoable) {
      QCOMPARE(w.network.undoStack()->count(), entries);  // an event of the run: nothing to undo
      return;
    }
    QCOMPARE(w.network.undoStack()->count(), entries + 1);
    const int after = w.marks().size();
    QVERIFY(after > marks);
    w.network.undoStack()->undo();
    QVERIFY(w.settled());
    QVERIFY2(w.simulation.lastError().isEmpty(), qPrintable(w.simulation.lastError()));
    QVERIFY2(w.marks().size() == after + 1, qPrintable(w.marks().join('\n')));  // the inverse, applied
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestEveryChange test;
  return QTest::qExec(&test, argc, argv);
}
#include "tst_every_change.moc"
