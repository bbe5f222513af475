// Fat-tree scenario files (docs/scenario-format.md "Fat-tree scenarios"):
// the presets load, the family is told apart from the k-ary n-cube in one
// place, bad parameters are errors naming the field (sections 4.2-4.3,
// 5.1-5.2 for what composes), and every network shape's section is read.
#include "test_main.h"

#include <QtTest>
#include <fstream>
#include <sstream>

#include "fattree/fat_tree_scenario.h"
#include "fattree/network_shape.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/json_fields.h"
#include "scenario/scenario_family.h"

using namespace flit;
using namespace flit::fattree;

namespace {
std::string readFile(const QString& path) {
  std::ifstream in(path.toStdString());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
const char* kBase = R"({"format": "flitscope-scenario", "version": 1, "seed": 3,
  "topology": {"family": "fatTree", "unitTrees": {"UT64x2": 64, "UT64x8": 4}}})";
}  // namespace

class TstFatTreeScenario : public QObject {
  Q_OBJECT
 private slots:
  void presetsLoad_data();
  void presetsLoad();
  void familyDecidesTheReader();
  void badParametersNameTheField_data();
  void badParametersNameTheField();
  void defaults();
  void everyShapeHasItsTopologySection();
};

void TstFatTreeScenario::presetsLoad_data() {
  QTest::addColumn<QString>("file");
  QTest::addColumn<int>("leafKind");
  QTest::addColumn<int>("leaves");
  QTest::addColumn<int>("stages");
  QTest::newRow("transit-64") << "transit-64.json" << int(BlockKind::UT64x2) << 1 << 0;
  QTest::newRow("transit-4k") << "transit-4k.json" << int(BlockKind::UT64x2) << 64 << 1;
  QTest::newRow("transit-12k") << "transit-12k.json" << int(BlockKind::B192) << 64 << 1;
}

void TstFatTreeScenario::presetsLoad() {
  QFETCH(QString, file);
  QFETCH(int, leafKind);
  QFETCH(int, leaves);
  QFETCH(int, stages);
  const std::string text = readFile(QStringLiteral(FLITSCOPE_PRESETS_DIR "/") + file);
  QVERIFY(!text.empty());
  QCOMPARE(scenarioFamilyOfText(text), TopologyFamily::FatTree);
  const FatTreeScenario s = parseFatTreeScenario(text);
  QCOMPARE(int(s.spec.leaf), leafKind);
  QCOMPARE(int(s.spec.leafCount), leaves);
  QCOMPARE(int(s.spec.treeStages), stages);
  QCOMPARE(s.circuit.pattern, FatTreePattern::Locality);
  QCOMPARE(s.circuit.rate, 1.0);
  // Written back (the window's Save) it reads as the same scenario, with
  // faults and changed settings too.
  QCOMPARE(parseFatTreeScenario(serializeFatTreeScenario(s)), s);
  FatTreeScenario changed = s;
  changed.circuit.rate = 0.25;
  changed.circuit.retryLimit = 3;
  changed.faults.routers = {0, 5};
  changed.faults.channels = {17};
  changed.faults.unitTrees = {0};
  changed.faults.randomRouterFraction = 0.01;
  QCOMPARE(parseFatTreeScenario(serializeFatTreeScenario(changed)), changed);
}

void TstFatTreeScenario::familyDecidesTheReader() {
  QCOMPARE(
      scenarioFamilyOfText(readFile(QStringLiteral(FLITSCOPE_PRESETS_DIR "/teaching-4x4x4.json"))),
      TopologyFamily::KAryNCube);
  QCOMPARE(scenarioFamilyOfText("not json"), TopologyFamily::KAryNCube);
  try {
    scenarioFamilyOfText(R"({"topology": {"family": "dragonfly"}})");
    QFAIL("an unknown family must be an error");
  } catch (const ScenarioError& e) {
    QCOMPARE(QString::fromStdString(e.path()), QStringLiteral("scenario.topology.family"));
  }
}

void TstFatTreeScenario::badParametersNameTheField_data() {
  QTest::addColumn<QString>("pointer");
  QTest::addColumn<QString>("value");
  QTest::addColumn<QString>("path");
  QTest::addColumn<QString>("reasonPart");
  QTest::newRow("UT64x8 count that does not compose") << "/topology/unitTrees/UT64x8"
                                                      << "5"
                                                      << "scenario.topology.unitTrees.UT64x8"
                                                      << "compose with 4 UT64x8";
  QTest::newRow("UT64x2 count not a power of 64") << "/topology/unitTrees/UT64x2"
                                                  << "63"
                                                  << "scenario.topology.unitTrees.UT64x2"
                                                  << "got 63";
  QTest::newRow("unknown cluster size") << "/topology/leafClusters"
                                        << R"({"size": 100, "count": 64})"
                                        << "scenario.topology.leafClusters.size"
                                        << "12, 48 or 192";
  QTest::newRow("cluster count") << "/topology/leafClusters"
                                 << R"({"size": 192, "count": 65})"
                                 << "scenario.topology.leafClusters.count"
                                 << "got 65";
  QTest::newRow("unknown unit tree kind") << "/topology/unitTrees/UT64x4"
                                          << "1"
                                          << "scenario.topology.unitTrees"
                                          << "UT64x4";
  QTest::newRow("rate above 1") << "/traffic"
                                << R"({"rate": 1.5})"
                                << "scenario.traffic.rate"
                                << "1.5";
  QTest::newRow("router id out of range") << "/faults"
                                          << R"({"failedRouters": [4160]})"
                                          << "scenario.faults.failedRouters[0]"
                                          << "4160";
  QTest::newRow("misspelt key") << "/circuit"
                                << R"({"messageByte": 3})"
                                << "scenario.circuit"
                                << "messageByte";
}

void TstFatTreeScenario::badParametersNameTheField() {
  QFETCH(QString, pointer);
  QFETCH(QString, value);
  QFETCH(QString, path);
  QFETCH(QString, reasonPart);
  nlohmann::json j = nlohmann::json::parse(kBase);
  j[nlohmann::json::json_pointer(pointer.toStdString())] =
      nlohmann::json::parse(value.toStdString());
  try {
    fatTreeScenarioFromJson(j);
    QFAIL("expected a ScenarioError");
  } catch (const ScenarioError& e) {
    QVERIFY2(QString::fromStdString(e.path()).startsWith(path), e.what());
    QVERIFY2(QString::fromStdString(e.what()).contains(reasonPart), e.what());
  }
}

void TstFatTreeScenario::defaults() {
  const FatTreeScenario s = parseFatTreeScenario(kBase);
  QCOMPARE(s.seed, std::uint64_t{3});
  QCOMPARE(s.circuit, CircuitConfig{});
  QCOMPARE(routerCountOf(s.spec), std::uint64_t{64 * 52 + 4 * 208});
  QCOMPARE(blockCountOf(s.spec), std::uint64_t{68});
}

// A network shape's topology section is read in engine/scenario
// (kShapeSections), apart from the shape's own files: a shape without its
// row would load as nothing.
void TstFatTreeScenario::everyShapeHasItsTopologySection() {
  QVERIFY(!networkShapes().empty());
  for (const NetworkShape& shape : networkShapes())
    QVERIFY2(hasScenarioSection(shape), shape.blockName);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstFatTreeScenario)
#include "tst_fattree_scenario.moc"
