// The scenario's "routing" section: defaults per topology, reading with
// errors that name the field, JSON round trip, and what buildRoutingSetup
// makes of explicit LUT entries, override registers and VC table rows.
#include "test_main.h"

#include <QtTest>

#include "routing/path_trace.h"
#include "routing/routing_config.h"
#include "routing/routing_setup.h"
#include "scenario/routing_config_json.h"

using namespace flit;

Q_DECLARE_METATYPE(flit::TopologySpec)

namespace {
const TopologySpec k444{3, {4, 4, 4}, {true, true, true}};

RoutingConfig read(const std::string& text, const TopologySpec& spec) {
  const auto j = nlohmann::json::parse(text);
  ObjectReader r(j, "scenario.routing");
  return readRoutingConfig(r, spec);
}
}  // namespace

class TstRoutingConfig : public QObject {
  Q_OBJECT
 private slots:
  void defaults_data();
  void defaults();
  void readsEveryField();
  void datelinePerRing();
  void roundTrip_data();
  void roundTrip();
  void errorsNameTheField_data();
  void errorsNameTheField();
  void setupAppliesExplicitEntries();
  void parseNodeCoordinates();
};

void TstRoutingConfig::defaults_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<QString>("algorithm");
  QTest::newRow("teaching 4x4x4") << k444 << "direction-order";
  QTest::newRow("T3E 8x32x8 (mode 1)")
      << TopologySpec{3, {8, 32, 8}, {true, true, true}} << "direction-order";
  QTest::newRow("XT 11x12x16: X > 8")
      << TopologySpec{3, {11, 12, 16}, {false, true, true}} << "dimension-order";
  QTest::newRow("TRC 16x16: X > 8")
      << TopologySpec{2, {16, 16, 1}, {true, true, false}} << "dimension-order";
  QTest::newRow("generic 16x16x16")
      << TopologySpec{3, {16, 16, 16}, {true, true, true}} << "dimension-order";
}

void TstRoutingConfig::defaults() {
  QFETCH(TopologySpec, spec);
  QFETCH(QString, algorithm);
  const RoutingConfig c = defaultRoutingConfig(spec);
  QCOMPARE(QString::fromUtf8(routingAlgorithmName(c.algorithm).data()), algorithm);
  QCOMPARE(c.datelines, DatelineConfig::defaults(spec));
  QCOMPARE(c.vcTableGenerator, VcTableGenerator::TimeOfCrossing);
  QVERIFY(!c.lutMode.has_value());
  QCOMPARE(c.adaptive, false);
  // An empty section is the default.
  QCOMPARE(read("{}", spec), c);
}

void TstRoutingConfig::readsEveryField() {
  const RoutingConfig c = read(R"({
    "algorithm": "direction-order",
    "datelines": [1, null, 3],
    "vcTables": {"generator": "trc",
                 "entries": [{"node": "1,2,3", "direction": "-Y", "vcs": [1, 0, 1, 1]}]},
    "lutGenerator": "minimal",
    "lutMode": 1,
    "lutEntries": [{"node": "0,0,0", "index": 5, "tag": "0x0000000300010101"}],
    "lutOverrides": [{"node": "3,3,3", "mode": 3, "tag": "0x300000002"}],
    "adaptive": true
  })",
                               k444);
  QCOMPARE(c.algorithm, RoutingAlgorithm::DirectionOrder);
  QCOMPARE(c.datelines.at(0), 1);
  QVERIFY(!c.datelines.has(1));
  QCOMPARE(c.datelines.at(2), 3);
  QCOMPARE(c.datelines.at(Direction::MinusX), 1);
  QCOMPARE(c.vcTableGenerator, VcTableGenerator::Trc);
  QCOMPARE(c.vcTableEntries.size(), std::size_t{1});
  QCOMPARE(c.vcTableEntries[0].dir, Direction::MinusY);
  QCOMPARE(c.vcTableEntries[0].node[2], 3);
  QCOMPARE(c.vcTableEntries[0].vcs, (std::vector<std::uint8_t>{1, 0, 1, 1}));
  QCOMPARE(c.lutMode, std::optional<LutMode>(LutMode::LowBitsXY));
  QCOMPARE(c.lutEntries.size(), std::size_t{1});
  QCOMPARE(c.lutEntries[0].index, 5);
  QCOMPARE(quint64{c.lutEntries[0].tag}, quint64{0x300010101});
  QCOMPARE(c.lutOverrides[0].mode, LutMode::Register);
  QCOMPARE(quint64{c.lutOverrides[0].tag}, quint64{0x300000002});
  QCOMPARE(c.adaptive, true);
}

// T3E paper section 3.2: "a node in each ring" (each unidirectional ring).
void TstRoutingConfig::datelinePerRing() {
  const RoutingConfig c = read(R"({"datelines": [{"plus": 0, "minus": 3}, null, 2]})", k444);
  QCOMPARE(c.datelines.at(Direction::PlusX), 0);
  QCOMPARE(c.datelines.at(Direction::MinusX), 3);
  QVERIFY(c.datelines.isDatelineNode(Direction::MinusX, 3));
  QVERIFY(!c.datelines.isDatelineNode(Direction::MinusX, 0));
  QCOMPARE(c.datelines.at(Direction::MinusY), kNoDateline);
  QCOMPARE(c.datelines.at(Direction::MinusZ), 2);
  QCOMPARE(c.datelines, [] {
    DatelineConfig d = DatelineConfig::wrapLink(k444);
    d.ordinate[1] = kNoDateline;
    d.minusOrdinate[1] = kSameAsPlus;
    d.ordinate[2] = 2;
    d.minusOrdinate[2] = kSameAsPlus;
    return d;
  }());
  // Same node for both rings is written (and read) as the plain ordinate.
  const RoutingConfig same = read(R"({"datelines": [{"plus": 1, "minus": 1}, 0, 0]})", k444);
  QCOMPARE(routingConfigToJson(same)["datelines"][0], nlohmann::json(1));
}

void TstRoutingConfig::roundTrip_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<QString>("json");
  QTest::newRow("defaults 4x4x4") << k444 << "{}";
  QTest::newRow("everything")
      << k444
      << R"({"datelines": [1, null, 3], "vcTables": {"generator": "trc", "entries": [{"node": "1,2,3", "direction": "-Y", "vcs": [1, 0, 1, 1]}]}, "lutGenerator": "none", "lutMode": 0, "lutEntries": [{"node": "0,0,0", "index": 5, "tag": "0x3"}], "lutOverrides": [{"node": "3,3,3", "mode": 3, "tag": "0x300000002"}, {"node": "1,1,1", "mode": 0}], "adaptive": true})";
  QTest::newRow("trc 2D") << TopologySpec{2, {16, 16, 1}, {true, true, false}}
                          << R"({"algorithm": "trc", "vcTables": {"generator": "trc"}})";
  QTest::newRow("one dateline node per ring (T3E Table 1)")
      << k444 << R"({"datelines": [{"plus": 0, "minus": 3}, 1, {"plus": 2, "minus": 2}]})";
  QTest::newRow("XT dimension order, Z dateline 7")
      << TopologySpec{3, {11, 12, 16}, {false, true, true}} << R"({"datelines": [null, 0, 7]})";
}

void TstRoutingConfig::roundTrip() {
  QFETCH(TopologySpec, spec);
  QFETCH(QString, json);
  const RoutingConfig c = read(json.toStdString(), spec);
  const nlohmann::json out = routingConfigToJson(c);
  QCOMPARE(read(out.dump(), spec), c);
  QCOMPARE(routingConfigToJson(read(out.dump(), spec)), out);
}

void TstRoutingConfig::errorsNameTheField_data() {
  QTest::addColumn<TopologySpec>("spec");
  QTest::addColumn<QString>("json");
  QTest::addColumn<QString>("message");
  const TopologySpec xt{3, {11, 12, 16}, {false, true, true}};
  QTest::newRow("unknown key") << k444 << R"({"algoritm": "trc"})"
                               << "scenario.routing.algoritm: unknown field";
  QTest::newRow("bad algorithm") << k444 << R"({"algorithm": "west-first"})"
                                 << "scenario.routing.algorithm:";
  QTest::newRow("direction order on XT")
      << xt << R"({"algorithm": "direction-order"})"
      << "scenario.routing.algorithm: direction-order cannot address this topology: "
         "topology.radix[0]: X radix 11 exceeds the routing tag's X_ADR field (Table 7: at most 8)";
  QTest::newRow("trc in 3D") << k444 << R"({"algorithm": "trc"})"
                             << "scenario.routing.algorithm: trc routes X then Y only";
  QTest::newRow("dateline outside the ring")
      << k444 << R"({"datelines": [0, 4, 0]})"
      << "scenario.routing.datelines[1]: must be 0..3, got 4";
  QTest::newRow("dateline on a mesh") << xt << R"({"datelines": [0, 0, 0]})"
                                      << "scenario.routing.datelines[0]: dimension 0 is a mesh";
  QTest::newRow("ring dateline outside the ring")
      << k444 << R"({"datelines": [0, {"plus": 0, "minus": 4}, 0]})"
      << "scenario.routing.datelines[1].minus: must be 0..3, got 4";
  QTest::newRow("ring dateline missing minus")
      << k444 << R"({"datelines": [0, {"plus": 0}, 0]})"
      << "scenario.routing.datelines[1].minus: missing required field";
  QTest::newRow("ring dateline word")
      << k444 << R"({"datelines": [0, "wrap", 0]})"
      << "scenario.routing.datelines[1]: must be an ordinate 0..3, null, or";
  QTest::newRow("datelines too short") << k444 << R"({"datelines": [0, 0]})"
                                       << "scenario.routing.datelines:";
  QTest::newRow("VC row wrong length")
      << k444
      << R"({"vcTables": {"entries": [{"node": "0,0,0", "direction": "+X", "vcs": [0, 1]}]}})"
      << "scenario.routing.vcTables.entries[0].vcs:";
  QTest::newRow("VC bit 2")
      << k444
      << R"({"vcTables": {"entries": [{"node": "0,0,0", "direction": "+X", "vcs": [0, 1, 2, 0]}]}})"
      << "scenario.routing.vcTables.entries[0].vcs[2]: must be 0..1, got 2";
  QTest::newRow("VC direction")
      << k444
      << R"({"vcTables": {"entries": [{"node": "0,0,0", "direction": "up", "vcs": [0, 0, 0, 0]}]}})"
      << "scenario.routing.vcTables.entries[0].direction:";
  QTest::newRow("node outside")
      << k444 << R"({"lutEntries": [{"node": "4,0,0", "index": 0, "tag": "0x0"}]})"
      << "scenario.routing.lutEntries[0].node: node is outside the topology";
  QTest::newRow("malformed node")
      << k444 << R"({"lutEntries": [{"node": "1;2", "index": 0, "tag": "0x0"}]})"
      << "scenario.routing.lutEntries[0].node: expected X,Y,Z";
  QTest::newRow("LUT index 544")
      << k444 << R"({"lutEntries": [{"node": "0,0,0", "index": 544, "tag": "0x0"}]})"
      << "scenario.routing.lutEntries[0].index: must be 0..543, got 544";
  QTest::newRow("bad tag hex")
      << k444 << R"({"lutEntries": [{"node": "0,0,0", "index": 1, "tag": "0xZZ"}]})"
      << "scenario.routing.lutEntries[0].tag: expected a hex routing tag";
  QTest::newRow("lutMode 3 machine-wide") << k444 << R"({"lutMode": 3})"
                                          << "scenario.routing.lutMode: must be 0..2, got 3";
  QTest::newRow("lutMode word") << k444 << R"({"lutMode": "fast"})"
                                << "scenario.routing.lutMode: must be \"auto\" or 0..2";
  QTest::newRow("mode 3 without tag")
      << k444 << R"({"lutOverrides": [{"node": "0,0,0", "mode": 3}]})"
      << "scenario.routing.lutOverrides[0].tag: missing required field";
  QTest::newRow("tag on mode 1")
      << k444 << R"({"lutOverrides": [{"node": "0,0,0", "mode": 1, "tag": "0x1"}]})"
      << "scenario.routing.lutOverrides[0].tag: only mode 3 takes a tag";
  QTest::newRow("LUT on dimension order")
      << xt << R"({"lutMode": 1})"
      << "scenario.routing.lutMode: only used by the direction-order algorithm";
  QTest::newRow("adaptive not bool") << k444 << R"({"adaptive": 1})"
                                     << "scenario.routing.adaptive:";
}

void TstRoutingConfig::errorsNameTheField() {
  QFETCH(TopologySpec, spec);
  QFETCH(QString, json);
  QFETCH(QString, message);
  try {
    read(json.toStdString(), spec);
    QFAIL("no error");
  } catch (const ScenarioError& e) {
    QVERIFY2(QString::fromStdString(e.what()).startsWith(message), e.what());
  }
}

void TstRoutingConfig::setupAppliesExplicitEntries() {
  const Topology topo(k444);
  RoutingConfig c = read(R"({
    "lutEntries": [{"node": "0,0,0", "index": 3, "tag": "0x0000000300000002"}],
    "lutOverrides": [{"node": "1,0,0", "mode": 3, "tag": "0x0000000300000003"}],
    "vcTables": {"entries": [{"node": "0,0,0", "direction": "+X", "vcs": [0, 0, 1, 0]}]}
  })",
                         k444);
  const RoutingSetup s = buildRoutingSetup(topo, c);
  const NodeId origin = 0;
  Coord one;
  one[0] = 1;
  const NodeId n100 = topo.nodeAt(one);
  // Explicit entry replaces the generated one: LPE 3 from the origin now goes to X=2.
  QCOMPARE(quint64{s.tables->tagForLogical(origin, 3)}, quint64{0x300000002});
  // Mode 3 at (1,0,0): every destination gets the register's tag.
  QCOMPARE(quint64{s.tables->tagFor(n100, 0)}, quint64{0x300000003});
  QCOMPARE(quint64{s.tables->tagFor(n100, 42)}, quint64{0x300000003});
  QCOMPARE(int{s.vcTables.vcFor(origin, Direction::PlusX, 2)}, 1);
  QCOMPARE(int{s.vcTables.vcFor(origin, Direction::PlusX, 1)}, 0);
  // The trace uses it: LPE 3 is (1,1,0) in module numbering, the tag sends it to (2,0,0).
  const PathTrace p = tracePath(topo, s, origin, s.peMap.nodeOf(3));
  QCOMPARE(p.outcome, PathOutcome::WrongNode);
  QCOMPARE(p.hops[0].vc, std::uint8_t{1});  // VC table row: destination X=2 on VC1
  // lutGenerator none: entries stay 0 (tag 0 = initial +X hop, address 0,0,0).
  c = read(R"({"lutGenerator": "none"})", k444);
  const RoutingSetup empty = buildRoutingSetup(topo, c);
  QCOMPARE(quint64{empty.tables->tagFor(5, 9)}, quint64{0});
}

void TstRoutingConfig::parseNodeCoordinates() {
  const TopologySpec trc{2, {16, 16, 1}, {true, true, false}};
  QCOMPARE(parseNodeCoord("15,3", trc, "p")[1], 3);
  QCOMPARE(parseNodeCoord("15,3,0", trc, "p")[0], 15);
  QCOMPARE(parseNodeCoord("7", trc, "p")[1], 0);
  QVERIFY_THROWS_EXCEPTION(ScenarioError, parseNodeCoord("15,3,1", trc, "p"));
  QVERIFY_THROWS_EXCEPTION(ScenarioError, parseNodeCoord("16,0", trc, "p"));
  QVERIFY_THROWS_EXCEPTION(ScenarioError, parseNodeCoord("-1,0", trc, "p"));
  QVERIFY_THROWS_EXCEPTION(ScenarioError, parseNodeCoord("1,,2", trc, "p"));
  QVERIFY_THROWS_EXCEPTION(ScenarioError, parseNodeCoord("1,2,3,4", k444, "p"));
  QVERIFY_THROWS_EXCEPTION(ScenarioError, parseNodeCoord("", k444, "p"));
  QVERIFY_THROWS_EXCEPTION(ScenarioError, parseNodeCoord("a,b", k444, "p"));
  QCOMPARE(formatNodeCoord(parseNodeCoord("3,2,1", k444, "p"), 3), std::string("3,2,1"));
  QCOMPARE(formatNodeCoord(parseNodeCoord("3,2", trc, "p"), 2), std::string("3,2"));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstRoutingConfig)
#include "tst_routing_config.moc"
