// Scenario files: every preset loads; bad files give an error naming the field
// and load nothing (docs/scenario-format.md).
#include "test_main.h"
#include "test_paths.h"
#include "fattree/fat_tree_scenario.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/scenario.h"
#include "scenario/scenario_family.h"
#include "sim/simulator.h"

#include <QtTest>

#include <filesystem>
#include <random>

using namespace flit;

namespace {
std::string minimal(const std::string& topology, const std::string& extra = "") {
  return R"({"format":"flitscope-scenario","version":1,"seed":7,"topology":)" + topology + extra +
         "}";
}
}  // namespace

class TstScenario : public QObject {
  Q_OBJECT
 private slots:
  void everyPresetLoads();
  void badFiles_data();
  void badFiles();
  void garbageTenMegabytes();
  void missingFile();
  void roundTrip();
  void faultTimelineRoundTrip();
  void linkSpecs_data();
  void linkSpecs();
  void failedLinksMarkedDown();
};

void TstScenario::everyPresetLoads() {
  int count = 0;
  for (const std::filesystem::path& path : flit::test::presetFiles()) {
    ++count;
    try {
      const std::string json = readScenarioFileText(path.string());
      if (scenarioFamilyOfText(json) == TopologyFamily::FatTree) {  // issue 19: the Transit presets
        const fattree::FatTreeScenario s = fattree::parseFatTreeScenario(json);
        QVERIFY2(fattree::buildFatTree(s.spec).endpointCount > 0, path.c_str());
        QVERIFY2(!s.name.empty(), path.c_str());
        continue;
      }
      const Scenario s = loadScenarioFile(path.string());
      const Topology t = buildTopology(s);
      QVERIFY2(t.nodeCount() > 0, path.c_str());
      QVERIFY2(!s.name.empty(), path.c_str());
    } catch (const std::exception& e) {
      QFAIL(qPrintable(QString::fromStdString(path.string() + ": " + e.what())));
    }
  }
  QVERIFY(count >= 5);
  const Scenario big = loadScenarioFile(flit::test::presetPath("t3e-8x32x8.json"));
  QCOMPARE(buildTopology(big).linkCount(), 6144);
}

void TstScenario::badFiles_data() {
  QTest::addColumn<QString>("json");
  QTest::addColumn<QString>("error");
  const std::string ok = R"({"radix":[4,4,4]})";
  QTest::newRow("missing topology")
      << QString::fromStdString(R"({"format":"flitscope-scenario","version":1})")
      << "scenario.topology: missing required field";
  QTest::newRow("missing radix") << QString::fromStdString(minimal(R"({"wrap":[true]})"))
                                 << "scenario.topology.radix: missing required field";
  QTest::newRow("radix wrong type")
      << QString::fromStdString(minimal(R"({"radix":"4x4x4"})"))
      << "scenario.topology.radix: must be an array, got a string";
  QTest::newRow("radix element wrong type")
      << QString::fromStdString(minimal(R"({"radix":[4,"4",4]})"))
      << "scenario.topology.radix[1]: must be an integer, got a string";
  QTest::newRow("radix 0") << QString::fromStdString(minimal(R"({"radix":[4,0,4]})"))
                           << "scenario.topology.radix[1]: must be 2..64, got 0";
  QTest::newRow("radix 65") << QString::fromStdString(minimal(R"({"radix":[65,4,4]})"))
                            << "scenario.topology.radix[0]: must be 2..64, got 65";
  QTest::newRow("four dimensions") << QString::fromStdString(minimal(R"({"radix":[4,4,4,4]})"))
                                   << "scenario.topology.radix: must have 1..3 entries, got 4";
  QTest::newRow("wrap length") << QString::fromStdString(minimal(R"({"radix":[4,4],"wrap":[true]})"))
                               << "scenario.topology.wrap: must have 2..2 entries, got 1";
  QTest::newRow("unknown key at top")
      << QString::fromStdString(minimal(ok, R"(,"colour":"red")"))
      << "scenario.colour: unknown field";
  QTest::newRow("unknown key in topology")
      << QString::fromStdString(minimal(R"({"radix":[4,4,4],"radiks":[4]})"))
      << "scenario.topology.radiks: unknown field";
  QTest::newRow("seed wrong type") << QString::fromStdString(minimal(ok, R"(,"seed2":1)"))
                                   << "scenario.seed2: unknown field";
  QTest::newRow("wrong version")
      << QString::fromStdString(R"({"format":"flitscope-scenario","version":2,"topology":)" + ok + "}")
      << "scenario.version: must be 1..1, got 2";
  QTest::newRow("wrong format")
      << QString::fromStdString(R"({"format":"booksim","version":1,"topology":)" + ok + "}")
      << "scenario.format: must be \"flitscope-scenario\", got \"booksim\"";
  QTest::newRow("not an object") << "[1,2,3]" << "scenario: must be an object, got an array";
  QTest::newRow("truncated JSON")
      << QString::fromStdString(minimal(ok).substr(0, 40))
      << "scenario: not valid JSON (parse error at line 1, column 41: syntax error while parsing "
         "object separator - unexpected end of input; expected ':')";
  QTest::newRow("malformed failed link")
      << QString::fromStdString(minimal(ok, R"(,"faults":{"failedLinks":["1,2:+Q"]})"))
      << "scenario.faults.failedLinks[0]: direction must be one of +X,+Y,+Z,-X,-Y,-Z, got \"+Q\"";
  QTest::newRow("failed link outside")
      << QString::fromStdString(minimal(ok, R"(,"faults":{"failedLinks":["0,0,0:+X","9,0,0:+X"]})"))
      << "scenario.faults.failedLinks[1]: node (9,0,0) is outside the topology";
  QTest::newRow("failed link at mesh edge")
      << QString::fromStdString(
             minimal(R"({"radix":[4,4],"wrap":[false,true]})", R"(,"faults":{"failedLinks":["3,0:+X"]})"))
      << "scenario.faults.failedLinks[0]: node (3,0) has no +X link";
  // faults.failedNodes / faults.timeline (issue 4: faults at any cycle).
  QTest::newRow("failed node outside")
      << QString::fromStdString(minimal(ok, R"(,"faults":{"failedNodes":["1,1,1","4,0,0"]})"))
      << "scenario.faults.failedNodes[1]: node is outside the topology (coordinate 0 must be 0..3), got \"4,0,0\"";
  QTest::newRow("timeline entry with two actions")
      << QString::fromStdString(
             minimal(ok, R"(,"faults":{"timeline":[{"cycle":5,"fail":"0,0,0:+X","repair":"0,0,0:+X"}]})"))
      << "scenario.faults.timeline[0]: needs exactly one of fail, repair, failNode, repairNode, got 2";
  QTest::newRow("timeline entry without cycle")
      << QString::fromStdString(minimal(ok, R"(,"faults":{"timeline":[{"fail":"0,0,0:+X"}]})"))
      << "scenario.faults.timeline[0].cycle: missing required field";
  QTest::newRow("timeline negative cycle")
      << QString::fromStdString(minimal(ok, R"(,"faults":{"timeline":[{"cycle":-1,"failNode":"0,0,0"}]})"))
      << "scenario.faults.timeline[0].cycle: must be 0..9223372036854775807, got -1";
  QTest::newRow("timeline bad link")
      << QString::fromStdString(
             minimal(ok, R"(,"faults":{"timeline":[{"cycle":9,"repair":"0,0,0:+X"},{"cycle":9,"fail":"0,0:+Q"}]})"))
      << "scenario.faults.timeline[1].fail: direction must be one of +X,+Y,+Z,-X,-Y,-Z, got \"+Q\"";
  QTest::newRow("timeline unknown key")
      << QString::fromStdString(minimal(ok, R"(,"faults":{"timeline":[{"cycle":9,"break":"0,0,0:+X"}]})"))
      << "scenario.faults.timeline[0]: needs exactly one of fail, repair, failNode, repairNode, got 0";
  // Simulator sections (router, traffic): errors name the field.
  QTest::newRow("router vcCount 9")
      << QString::fromStdString(minimal(ok, R"(,"router":{"vcCount":9})"))
      << "scenario.router.vcCount: must be 1..8, got 9";
  QTest::newRow("router unknown key")
      << QString::fromStdString(minimal(ok, R"(,"router":{"vcDepth":8})"))
      << "scenario.router.vcDepth: unknown field";
  QTest::newRow("router flow control")
      << QString::fromStdString(minimal(ok, R"(,"router":{"flowControl":"store-and-forward"})"))
      << "scenario.router.flowControl: must be one of virtualCutThrough, wormhole, storeAndForward, got \"store-and-forward\"";
  QTest::newRow("cut-through buffer shorter than a packet")
      << QString::fromStdString(minimal(ok, R"(,"router":{"vcDepthFlits":4},"traffic":{"packetFlits":6})"))
      << "scenario.router.vcDepthFlits: must be >= the longest packet (6) under virtual cut-through, got 4";
  QTest::newRow("datelines need two VCs per class")
      << QString::fromStdString(minimal(ok, R"(,"router":{"vcCount":3})"))
      << "scenario.router.vcCount: datelines need an even number of VCs per class (VC0 and VC1 halves), got 3";
  QTest::newRow("requests without a response class")
      << QString::fromStdString(minimal(ok, R"(,"traffic":{"mix":{"getRequest":1}})"))
      << "scenario.router.vcClasses: the traffic mix has requests: responses need vcClasses 2, got 1 (or sharedResponseVcs true: responses on the requests' VCs, which can deadlock, T3E section 3.3)";
  QTest::newRow("traffic pattern unknown")
      << QString::fromStdString(minimal(ok, R"(,"traffic":{"pattern":"zigzag"})"))
      << "scenario.traffic.pattern: must be one of uniform, transpose, bitComplement, bitReversal, "
         "tornado, nearestNeighbor, hotspot, allToOne, shift, got \"zigzag\"";
  QTest::newRow("traffic rate above 1")
      << QString::fromStdString(minimal(ok, R"(,"traffic":{"rateFlitsPerNodeCycle":1.5})"))
      << "scenario.traffic.rateFlitsPerNodeCycle: must be 0..1, got 1.5";
  QTest::newRow("traffic packet 11 flits")
      << QString::fromStdString(minimal(ok, R"(,"traffic":{"packetFlits":11})"))
      << "scenario.traffic.packetFlits: must be 1..10, got 11";
  QTest::newRow("traffic mix of a response")
      << QString::fromStdString(minimal(ok, R"(,"router":{"vcCount":4,"vcClasses":2},"traffic":{"mix":{"getResponse":1}})"))
      << "scenario.traffic.mix.getResponse: responses are produced by requests, not injected";
  QTest::newRow("traffic hotspot outside")
      << QString::fromStdString(minimal(ok, R"(,"traffic":{"pattern":"hotspot","hotspot":[0,4,0]})"))
      << "scenario.traffic.hotspot[1]: must be 0..3, got 4";
}

void TstScenario::badFiles() {
  QFETCH(QString, json);
  QFETCH(QString, error);
  try {
    parseScenario(json.toStdString());
    QFAIL("bad scenario accepted");
  } catch (const ScenarioError& e) {
    QCOMPARE(QString::fromStdString(e.what()), error);
  }
}

void TstScenario::garbageTenMegabytes() {
  std::mt19937 rng(42);
  std::string garbage(10u * 1024u * 1024u, '\0');
  for (auto& ch : garbage) ch = static_cast<char>(rng() & 0xFF);
  const auto path = std::filesystem::temp_directory_path() / "flitscope-garbage.json";
  {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    QVERIFY(f);
    std::fwrite(garbage.data(), 1, garbage.size(), f);
    std::fclose(f);
  }
  try {
    loadScenarioFile(path.string());
    QFAIL("garbage accepted");
  } catch (const ScenarioError& e) {
    QVERIFY2(QString::fromStdString(e.what()).startsWith(QStringLiteral("scenario: not valid JSON")),
             e.what());
  }
  std::filesystem::remove(path);
}

void TstScenario::missingFile() {
  try {
    loadScenarioFile("/nonexistent/flitscope.json");
    QFAIL("missing file accepted");
  } catch (const ScenarioError& e) {
    QCOMPARE(QString::fromStdString(e.what()),
             QStringLiteral("/nonexistent/flitscope.json: cannot open file"));
  }
}

void TstScenario::roundTrip() {
  Scenario s = parseScenario(minimal(R"({"radix":[11,12,16],"wrap":[false,true,true]})",
                                     R"(,"name":"n","faults":{"failedLinks":["1,2,3:-Y"]})"));
  QCOMPARE(s.seed, 7u);
  QCOMPARE(s.topology.dims, 3);
  QCOMPARE(s.topology.wrap[0], false);
  QCOMPARE(s.failedLinks.size(), std::size_t{1});
  const Scenario again = parseScenario(serializeScenario(s));
  QCOMPARE(serializeScenario(again), serializeScenario(s));
  QCOMPARE(again.topology, s.topology);
  QVERIFY(again.failedLinks == s.failedLinks);
}

// faults.failedNodes and faults.timeline survive a save and a load.
void TstScenario::faultTimelineRoundTrip() {
  const Scenario s = parseScenario(minimal(
      R"({"radix":[4,4,4]})",
      R"(,"faults":{"failedNodes":["1,2,3"],"timeline":[{"cycle":300,"repair":"0,0,0:+X"},)"
      R"({"cycle":100,"fail":"0,0,0:+X"},{"cycle":200,"failNode":"2,2,2"},{"cycle":400,"repairNode":"2,2,2"}]})"));
  QCOMPARE(s.failedNodes.size(), std::size_t{1});
  QCOMPARE(s.failedNodes[0], (Coord{{1, 2, 3}}));
  QCOMPARE(s.timeline.size(), std::size_t{4});  // the old form, converted
  QCOMPARE(s.timeline[0].cycle, 300u);  // file order kept here; the simulator sorts
  QVERIFY(s.timeline[0].kind == InterventionKind::RepairLink);
  QVERIFY(s.timeline[2].kind == InterventionKind::FailNode);
  QCOMPARE(s.timeline[2].id, Topology(s.topology).nodeAt(Coord{{2, 2, 2}}));
  const std::string saved = serializeScenario(s);
  QVERIFY(saved.find("\"failNode\": \"2,2,2\"") != std::string::npos);  // written as the top-level timeline
  const Scenario again = parseScenario(saved);
  QVERIFY(again.failedNodes == s.failedNodes);
  QVERIFY(again.timeline == s.timeline);
  const SimConfig c = simConfigFromScenario(s);
  QCOMPARE(c.timeline.size(), std::size_t{4});
  QCOMPARE(c.timeline[0].cycle, 100u);  // sorted by cycle
  QCOMPARE(c.timeline[3].cycle, 400u);
  QCOMPARE(c.failedNodes.size(), std::size_t{1});
}

void TstScenario::linkSpecs_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<bool>("valid");
  QTest::newRow("3,0,1:+X") << "3,0,1:+X" << true;
  QTest::newRow("0,0:-y") << "0,0:-y" << true;
  QTest::newRow("no colon") << "3,0,1+X" << false;
  QTest::newRow("letters") << "a,0,1:+X" << false;
  QTest::newRow("four coords") << "1,1,1,1:+X" << false;
  QTest::newRow("empty coord") << "1,,1:+X" << false;
}

void TstScenario::linkSpecs() {
  QFETCH(QString, text);
  QFETCH(bool, valid);
  bool parsed = true;
  try {
    const LinkSpec l = parseLinkSpec(text.toStdString(), "--fail-link");
    QCOMPARE(parseLinkSpec(formatLinkSpec(l, 3), "x"), l);
  } catch (const ScenarioError& e) {
    parsed = false;
    QVERIFY(QString::fromStdString(e.what()).startsWith(QStringLiteral("--fail-link: ")));
  }
  QCOMPARE(parsed, valid);
}

void TstScenario::failedLinksMarkedDown() {
  const Scenario s =
      parseScenario(minimal(R"({"radix":[4,4,4]})", R"(,"faults":{"failedLinks":["3,0,0:+X"]})"));
  const Topology t = buildTopology(s);
  QCOMPARE(t.failedLinkCount(), 1);
  Coord c;
  c[0] = 3;
  const LinkId l = t.linkFrom(t.nodeAt(c), Direction::PlusX);
  QVERIFY(!t.linkUp(l));
  QVERIFY(t.linkEnds(l).isWrap);
}

FLITSCOPE_TEST_APPLESS_MAIN(TstScenario)
#include "tst_scenario.moc"
