// NodeInspector and LutModel against the running engine: the inspected
// router's input VC buffers and SeaStar counters (XT paper Table 4) equal
// the engine's at the same cycle (a second Simulator with the same scenario
// and seed, deterministic), the LUT model holds the router's tags (T3E
// manual Tables 6 and 7) and passes QAbstractItemModelTester through live
// updates, frames carry nothing when no node is inspected, and a node
// change resets the model while a frame of the same node does not.
#include "test_main.h"
#include "changes.h"
#include "network_controller.h"
#include "torus/node_inspector.h"
#include "simulation_controller.h"
#include "torus/simulator_source.h"

#include "routing/routing_tag.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QSignalSpy>
#include <QTest>

using namespace flitgui;

namespace {
QString preset(const char* name) { return QString::fromUtf8(FLITSCOPE_PRESETS_DIR) + QLatin1Char('/') + name; }
flit::SimConfig presetConfig(const char* name) {
  return flit::simConfigFromScenario(flit::loadScenarioFile(preset(name).toStdString()));
}
}  // namespace

class TestNodeInspector : public QObject {
  Q_OBJECT

  struct Fixture {
    NetworkController network;
    SimulationController simulation;
    NodeInspector inspector;
    explicit Fixture(const char* name) : Fixture(preset(name)) {}
    explicit Fixture(const QString& path) {
      network.loadScenario(path);
      simulation.loadScenario(path);
      inspector.setNetwork(&network);
      inspector.setSimulation(&simulation);
    }
  };

 private slots:
  void countersAndBuffersAreTheEngines_data() {
    QTest::addColumn<QString>("scenario");
    QTest::addColumn<int>("node");
    QTest::addColumn<int>("cycles");
    QTest::newRow("t3e-8x8x8 node 0 after 400 cycles") << "t3e-8x8x8.json" << 0 << 400;
    QTest::newRow("teaching-4x4x4 node 21 after 300 cycles") << "teaching-4x4x4.json" << 21 << 300;
  }

  void countersAndBuffersAreTheEngines() {
    QFETCH(QString, scenario);
    QFETCH(int, node);
    QFETCH(int, cycles);
    const QByteArray name = scenario.toUtf8();
    Fixture f(name.constData());
    f.inspector.setNode(node);
    QTRY_VERIFY(f.inspector.hasData());
    f.simulation.setSpeed(0);
    f.simulation.runTo(cycles);
    QTRY_COMPARE_WITH_TIMEOUT(f.inspector.cycle(), double(cycles), 20000);
    QTRY_VERIFY(!f.simulation.running());

    flit::Simulator sim(presetConfig(name.constData()));  // same scenario and seed: same state
    const SimulatorSource layout(presetConfig(name.constData()));
    sim.run(static_cast<std::uint64_t>(cycles));
    QCOMPARE(f.inspector.vcCount(), sim.vcCount());
    // The panel's table: one row per port, changed in place by every frame.
    InspectorPortModel* model = f.inspector.portModel();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->rowCount(), flit::kPortsPerNode);  // a torus node has all six links and the processor
    QCOMPARE(model->vcCount(), sim.vcCount());
    std::uint64_t flitsSeen = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
      const auto get = [&](InspectorPortModel::Role role) { return model->data(model->index(row), role); };
      const int port = get(InspectorPortModel::PortRole).toInt();
      const flit::PortCounters c = sim.portCounters(node, port);
      const QVariantList buffered = get(InspectorPortModel::BufferedRole).toList(),
                         packets = get(InspectorPortModel::PacketsRole).toList(),
                         flits = get(InspectorPortModel::FlitsRole).toList(),
                         blocked = get(InspectorPortModel::BlockedRole).toList(),
                         capacity = get(InspectorPortModel::CapacityRole).toList(),
                         vcClass = get(InspectorPortModel::VcClassRole).toList();
      for (int vc = 0; vc < sim.vcCount(); ++vc) {
        const auto u = static_cast<std::size_t>(vc);
        QCOMPARE(buffered[vc].toInt(), sim.bufferedFlits(node, port, vc));
        QCOMPARE(packets[vc].toDouble(), double(c.packets[u]));
        QCOMPARE(flits[vc].toDouble(), double(c.flits[u]));
        QCOMPARE(blocked[vc].toDouble(), double(c.blockedCycles[u]));
        QCOMPARE(capacity[vc].toInt(), sim.config().router.depthOf(vc));
        flitsSeen += c.flits[u];
      }
      QCOMPARE(get(InspectorPortModel::StalledRole).toDouble(), double(c.stalledCycles));
      QCOMPARE(get(InspectorPortModel::NameRole).toString(), NodeInspector::portName(port));
      QCOMPARE(vcClass.size(), sim.vcCount());
      for (int vc = 0; vc < sim.vcCount(); ++vc)  // the router's VC layout (T3E paper section 3)
        QCOMPARE(vcClass[vc].toInt(), int(layout.run().laneClassOf(vc)));
    }
    QVERIFY2(flitsSeen > 0, "traffic reached the inspected router");
  }

  void lutModelHoldsTheRoutersTags() {
    Fixture f("t3e-8x8x8.json");
    QAbstractItemModelTester tester(f.inspector.lut(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    f.inspector.setNode(9);
    QTRY_COMPARE(f.inspector.lut()->rowCount(), 512);
    const flit::Simulator sim(presetConfig("t3e-8x8x8.json"));
    QVERIFY(sim.routing().tables.has_value());
    QCOMPARE(f.inspector.lutMode(), int(sim.routing().tables->overrideOf(9).mode));
    LutModel* lut = f.inspector.lut();
    for (const int dst : {0, 1, 63, 200, 511}) {
      const QModelIndex i = lut->index(dst);
      const std::uint64_t tag = sim.routing().tables->tagFor(9, dst);
      QCOMPARE(lut->data(i, LutModel::TagHexRole).toString(), QString::fromStdString(flit::formatTagHex(tag)));
      QCOMPARE(lut->data(i, LutModel::TagFieldsRole).toString(), QString::fromStdString(flit::formatTagFields(tag)));
      QCOMPARE(lut->data(i, LutModel::DestinationRole).toInt(), dst);
      QCOMPARE(lut->data(i, LutModel::EditedRole).toBool(), false);
    }
    QCOMPARE(lut->data(lut->index(63), LutModel::DestinationTextRole).toString(), QStringLiteral("(7,7,0)"));

    // Live frames of the same node update without a reset; another node resets.
    QSignalSpy resets(lut, &QAbstractItemModel::modelReset);
    f.simulation.setSpeed(0);
    f.simulation.step(50);
    QTRY_COMPARE(f.inspector.cycle(), 50.0);
    QCOMPARE(resets.count(), 0);
    f.inspector.setNode(10);
    QTRY_VERIFY(f.inspector.hasData() && lut->rowCount() == 512);
    QVERIFY(resets.count() >= 1);
    QCOMPARE(lut->data(lut->index(0), LutModel::TagHexRole).toString(),
             QString::fromStdString(flit::formatTagHex(sim.routing().tables->tagFor(10, 0))));
  }

  void dimensionOrderHasNoLut() {
    // A 4x4x4 routed in dimension order (the teaching preset has LUTs: direction order).
    Fixture f(QStringLiteral(FLITSCOPE_SOURCE_DIR "/tests/cli/data/dimension-order-4x4x4.json"));
    QCOMPARE(f.network.nodeCount(), 64);
    f.inspector.setNode(1);
    QTRY_VERIFY(f.inspector.hasData());
    QCOMPARE(f.inspector.lutMode(), -1);
    QCOMPARE(f.inspector.lut()->rowCount(), 0);
  }

  void teachingPresetHasLuts() {
    // The default scenario routes like the T3E: one R_NET_LUT entry per destination (manual Table 6).
    Fixture f("teaching-4x4x4.json");
    f.inspector.setNode(1);
    QTRY_VERIFY(f.inspector.hasData());
    QVERIFY(f.inspector.lutMode() >= 0);
    QCOMPARE(f.inspector.lut()->rowCount(), 64);
  }

  void framesCarryNothingWithoutANode() {
    Fixture f("teaching-4x4x4.json");
    f.simulation.step(5);
    QTRY_COMPARE(f.simulation.cycle(), 5.0);
    QVERIFY(f.simulation.currentFrame());
    QVERIFY(!f.simulation.currentFrame()->torus->inspection);
    f.inspector.setNode(2);
    QTRY_VERIFY(f.inspector.hasData());
    QVERIFY(f.simulation.currentFrame()->torus->inspection);
    f.inspector.setNode(-1);
    QVERIFY(!f.inspector.hasData());
    f.simulation.step(5);
    QTRY_COMPARE(f.simulation.cycle(), 10.0);
    QVERIFY(!f.simulation.currentFrame()->torus->inspection);
  }

  void anotherScenarioClearsTheNode() {
    Fixture f("teaching-4x4x4.json");
    f.inspector.setNode(3);
    QTRY_VERIFY(f.inspector.hasData());
    QVERIFY(f.network.loadScenario(preset("t3e-8x8x8.json")));
    QCOMPARE(f.inspector.node(), -1);
    QVERIFY(!f.inspector.hasData());
  }

  void failedNodeSurvivesReset() {
    SimulatorSource source(presetConfig("teaching-4x4x4.json"));
    for (int i = 0; i < 100; ++i) source.step();
    source.apply(changes::node(5, false));
    QVERIFY(!source.simulator().nodeUp(5));
    source.reset();
    QVERIFY(!source.simulator().nodeUp(5));  // the machine as the user left it
    FrameSnapshot frame;
    source.fillSnapshot(frame);
    QCOMPARE(frame.nodeUp[5], std::uint8_t{0});
    QCOMPARE(frame.nodeUp[4], std::uint8_t{1});
    source.apply(changes::node(5, true));
    QVERIFY(source.simulator().nodeUp(5));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, source.apply(changes::node(64, false)));
  }

  void aBadNodeIsReported() {
    Fixture f("teaching-4x4x4.json");
    f.inspector.setNode(64);  // 4x4x4 has nodes 0..63
    QTRY_VERIFY(f.simulation.lastError().contains(QStringLiteral("inspected node 64: no such node")));
    QVERIFY(!f.inspector.hasData());
  }
};

FLITSCOPE_TEST_MAIN(argc, argv) {
  QApplication app(argc, argv);
  TestNodeInspector test;
  return QTest::qExec(&test, argc, argv);
}

#include "tst_node_inspector.moc"
