// Run-time routing-tag edits (the GUI's tag editor) and a rebuild the
// builder refuses: Simulator::setLutEntry / restoreGeneratedLutEntry change
// one R_NET_LUT entry of the tables in force (T3E manual HMM-160-0,
// "Routing Tag Look-up Table", Tables 6 and 7), bad input names the field;
// a machine using LUT mode 3 (one register tag, nothing to rebuild) gets a
// refused rebuild report instead of an exception.
#include "test_main.h"
#include "routing/routing_tag.h"
#include "scenario/json_fields.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QtTest>

using namespace flit;

namespace {

SimConfig torus(const char* algorithm, const std::string& extraRouting = {}) {
  const std::string json =
      R"({"format":"flitscope-scenario","version":1,"topology":{"radix":[4,4,4]},)"
      R"("router":{"vcCount":2,"vcDepthFlits":4,"flowControl":"wormhole"},"routing":{"algorithm":")" +
      std::string(algorithm) + "\"" + extraRouting +
      R"(},"traffic":{"rateFlitsPerNodeCycle":0,"packetFlits":4}})";
  return simConfigFromScenario(parseScenario(json));
}

}  // namespace

class TstSimLutEdit : public QObject {
  Q_OBJECT
 private slots:
  void lutEntryEditAndRestore();
  void lutEntryEditErrorsNameTheField_data();
  void lutEntryEditErrorsNameTheField();
  void registerModeRebuildIsRefused();
};

// The tag editor: one R_NET_LUT entry of (0,0,0) sends its packets to
// (1,0,0) the long way round (-X, 3 hops); restoring puts the generated
// minimal tag back (1 hop).
void TstSimLutEdit::lutEntryEditAndRestore() {
  Simulator sim(torus("direction-order"));
  struct Hops final : SimObserver {
    int minusX = 0, plusX = 0;
    void onEvent(const SimEvent& e) override {
      if (e.kind != SimEventKind::Hop) return;
      if (e.port == static_cast<int>(Direction::MinusX)) ++minusX;
      if (e.port == static_cast<int>(Direction::PlusX)) ++plusX;
    }
  } hops;
  sim.setObserver(&hops);
  const int index = 1;  // logical PE 1 = node (1,0,0), LUT mode 0
  const std::uint64_t generated = sim.generatedLutEntry(0, index);
  QCOMPARE(sim.routing().tables->entry(0, index), generated);
  RoutingTag t = RoutingTag::decode(generated);
  QVERIFY(!t.xMinus);
  t.xMinus = true;
  sim.setLutEntry(0, index, t.encode());
  QCOMPARE(sim.routing().tables->entry(0, index), t.encode());
  QVERIFY(sim.injectPacket(0, 1));
  sim.run(200);
  QCOMPARE(hops.minusX, 3);
  QCOMPARE(hops.plusX, 0);
  sim.restoreGeneratedLutEntry(0, index);
  QCOMPARE(sim.routing().tables->entry(0, index), generated);
  QVERIFY(sim.injectPacket(0, 1));
  sim.run(200);
  QCOMPARE(hops.plusX, 1);
  QCOMPARE(sim.totals().delivered, 2u);
}

void TstSimLutEdit::lutEntryEditErrorsNameTheField_data() {
  QTest::addColumn<QString>("algorithm");
  QTest::addColumn<int>("node");
  QTest::addColumn<int>("index");
  QTest::addColumn<quint64>("tag");
  QTest::addColumn<QString>("field");
  QTest::addColumn<QString>("detail");
  QTest::addRow("xAdrOutsideRadix") << "direction-order" << 0 << 1 << quint64{7} << "tag" << "X_ADR";
  QTest::addRow("undefinedBits") << "direction-order" << 0 << 1 << (quint64{1} << 40) << "tag" << "not applicable";
  QTest::addRow("indexPastTheLut") << "direction-order" << 0 << 544 << quint64{1} << "lutIndex" << "543";
  QTest::addRow("nodeOutOfRange") << "direction-order" << 64 << 1 << quint64{1} << "node" << "63";
  QTest::addRow("dimensionOrderHasNoLut") << "dimension-order" << 0 << 1 << quint64{1} << "routing.algorithm" << "R_NET_LUT";
}

void TstSimLutEdit::lutEntryEditErrorsNameTheField() {
  QFETCH(QString, algorithm);
  QFETCH(int, node);
  QFETCH(int, index);
  QFETCH(quint64, tag);
  QFETCH(QString, field);
  QFETCH(QString, detail);
  Simulator sim(torus(algorithm.toStdString().c_str()));
  try {
    sim.setLutEntry(node, index, tag);
    QFAIL("no error");
  } catch (const ScenarioError& e) {
    QCOMPARE(QString::fromStdString(e.path()), field);
    QVERIFY2(QString::fromStdString(e.reason()).contains(detail), e.what());
  }
  if (algorithm == QLatin1String("direction-order") && node < 64 && index < 544) {
    QCOMPARE(sim.routing().tables->entry(node, index), sim.generatedLutEntry(node, index));
  }
}

// LUT mode 3 (Table 6: the tag is the R_LUT_OVERRIDE register itself) has
// no table the builder could rewrite: rebuildRoutes reports the refusal and
// keeps the routes, the simulator runs on.
void TstSimLutEdit::registerModeRebuildIsRefused() {
  Simulator sim(torus("direction-order",
                      R"(,"lutOverrides":[{"node":"0,0,0","mode":3,"tag":"0x0000000000000001"}])"));
  sim.failLink(sim.topology().linkFrom(5, Direction::PlusY));
  const RouteRebuildReport r = sim.rebuildRoutes();
  QVERIFY(r.performed);
  QVERIFY(!r.accepted);
  QVERIFY(!r.error.empty());
  QVERIFY2(r.describe().rfind("rebuild refused, old routes kept: ", 0) == 0, r.describe().c_str());
  QVERIFY(sim.injectPacket(1, 2));
  sim.run(100);
  QCOMPARE(sim.totals().delivered, 1u);
}

FLITSCOPE_TEST_GUILESS_MAIN(TstSimLutEdit)
#include "tst_sim_lut_edit.moc"
