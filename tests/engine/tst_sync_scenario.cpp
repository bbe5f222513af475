// Scenario section "sync" and the timeline's barrier operations
// (scenario/scenario_sync.cpp, docs/scenario-format.md "sync"; T3E paper section 6):
// read, written back, errors naming the field, and played on the idle
// standalone transport.
#include "test_main.h"

#include <QtTest>

#include "scenario/scenario.h"
#include "sync/sync_transport.h"

using namespace flit;

namespace {

std::string scenarioWith(const std::string& sync, const std::string& timeline) {
  return "{\"format\": \"flitscope-scenario\", \"version\": 1, \"topology\": {\"radix\": [4, 4, 4]}" +
         (sync.empty() ? std::string() : ", \"sync\": " + sync) +
         (timeline.empty() ? std::string() : ", \"timeline\": " + timeline) + "}";
}

const std::string kTrees =
    "{\"trees\": [{\"bsu\": 0}, {\"bsu\": 3, \"participants\": \"0-1,0-1,0-1\", \"shape\": \"dimension\", \"root\": \"1,1,1\"}]}";

}  // namespace

class TstSyncScenario : public QObject {
  Q_OBJECT

 private slots:
  void readsTreesAndOperations() {
    const Scenario s = parseScenario(scenarioWith(kTrees, "[\n"
      "      {\"cycle\": 10, \"barrier\": {\"node\": \"0,0,0\", \"bsu\": 3}},\n"
      "      {\"cycle\": 5, \"failLink\": \"3,3,3:+X\"},\n"
      "      {\"cycle\": 12, \"eureka\": {\"node\": \"2,2,2\", \"bsu\": 0}},\n"
      "      {\"cycle\": 14, \"eurekaBarrier\": {\"node\": \"1,1,1\", \"bsu\": 3}}]"));
    QCOMPARE(s.sync.trees.size(), std::size_t{2});
    QCOMPARE(s.sync.trees[0].participants, std::string("all"));
    QCOMPARE(s.sync.trees[0].shape, TreeShape::MinimumDepth);
    QCOMPARE(s.sync.trees[1].shape, TreeShape::DimensionOrdered);
    QVERIFY(s.sync.trees[1].root.has_value());
    // The operations are interventions of the timeline, in file order.
    QCOMPARE(s.timeline.size(), std::size_t{4});
    const std::vector<SyncOperation> ops = syncOperationsOf(s.timeline);
    QCOMPARE(ops.size(), std::size_t{3});
    QCOMPARE(ops[0].op, BsuOp::Bar);
    QCOMPARE(ops[1].op, BsuOp::Eur);
    QCOMPARE(ops[2].op, BsuOp::EurB);
    QCOMPARE(ops[2].cycle, std::uint64_t{14});
    QCOMPARE(ops[2].bsu, 3);
    // Written and read back: the same.
    const Scenario again = parseScenario(serializeScenario(s));
    QVERIFY(again.sync == s.sync);
    QVERIFY(s.sync.joinOnEureka);  // the default (T3E section 6's processors)
    const Scenario workload = parseScenario(scenarioWith(
        "{\"trees\": [{\"bsu\": 2}], \"joinOnEureka\": false, \"workload\": {\"bsu\": 2, \"computeCycles\": 50}}", ""));
    QVERIFY(!workload.sync.joinOnEureka);
    QCOMPARE(workload.sync.workload->computeCycles, std::uint64_t{50});
    QVERIFY(parseScenario(serializeScenario(workload)).sync == workload.sync);
    QVERIFY(again.timeline == s.timeline);
  }

  void errorsNameTheField_data() {
    QTest::addColumn<QString>("sync");
    QTest::addColumn<QString>("timeline");
    QTest::addColumn<QString>("error");
    QTest::newRow("bsu 32") << "{\"trees\": [{\"bsu\": 32}]}" << "" << "scenario.sync.trees[0].bsu";
    QTest::newRow("two trees for BSU 1") << "{\"trees\": [{\"bsu\": 1}, {\"bsu\": 1}]}" << "" << "scenario.sync.trees[1].bsu: BSU 1 already has a tree";
    QTest::newRow("bad shape") << "{\"trees\": [{\"bsu\": 1, \"shape\": \"star\"}]}" << "" << "scenario.sync.trees[0].shape";
    QTest::newRow("bad participants") << "{\"trees\": [{\"bsu\": 1, \"participants\": \"0-9,0,0\"}]}" << "" << "scenario.sync.trees[0].participants";
    QTest::newRow("root outside") << "{\"trees\": [{\"bsu\": 1, \"root\": \"4,0,0\"}]}" << "" << "scenario.sync.trees[0].root";
    QTest::newRow("unknown key") << "{\"trees\": [{\"bsu\": 1, \"rot\": \"1,0,0\"}]}" << "" << "scenario.sync.trees[0]";
    QTest::newRow("operation on a BSU with no tree") << QString::fromStdString(kTrees)
        << "[{\"cycle\": 1, \"barrier\": {\"node\": \"0,0,0\", \"bsu\": 5}}]" << "scenario.timeline[0].barrier.bsu: BSU 5 has no tree";
    QTest::newRow("operation by a non-participant") << QString::fromStdString(kTrees)
        << "[{\"cycle\": 1, \"eureka\": {\"node\": \"3,3,3\", \"bsu\": 3}}]" << "scenario.timeline[0].eureka.node: 3,3,3 does not participate";
    QTest::newRow("two operations in one entry") << QString::fromStdString(kTrees)
        << "[{\"cycle\": 1, \"eureka\": {\"node\": \"0,0,0\", \"bsu\": 0}, \"barrier\": {\"node\": \"0,0,0\", \"bsu\": 0}}]" << "scenario.timeline[0]: needs exactly one";
    QTest::newRow("workload on a BSU with no tree") << "{\"trees\": [{\"bsu\": 1}], \"workload\": {\"bsu\": 4, \"computeCycles\": 9}}" << "" << "scenario.sync.workload.bsu: BSU 4 has no tree";
    QTest::newRow("workload compute 0") << "{\"trees\": [{\"bsu\": 1}], \"workload\": {\"bsu\": 1, \"computeCycles\": 0}}" << "" << "scenario.sync.workload.computeCycles";
    QTest::newRow("missing node") << QString::fromStdString(kTrees)
        << "[{\"cycle\": 1, \"barrier\": {\"bsu\": 0}}]" << "scenario.timeline[0].barrier.node";
  }
  void errorsNameTheField() {
    QFETCH(QString, sync);
    QFETCH(QString, timeline);
    QFETCH(QString, error);
    try {
      parseScenario(scenarioWith(sync.toStdString(), timeline.toStdString()));
      QFAIL("no error");
    } catch (const ScenarioError& e) {
      QVERIFY2(QString::fromStdString(e.what()).startsWith(error), e.what());
    }
  }

  // The timeline's operations played on the idle transport: BSU 3's eight
  // participants all arm (one with OP_EUR_B, which counts as both).
  void playsTheOperations() {
    std::string ops = "[";
    for (int i = 0; i < 8; ++i) {
      const std::string node = std::to_string(i & 1) + "," + std::to_string((i >> 1) & 1) + "," + std::to_string(i >> 2);
      ops += std::string(i ? "," : "") + "{\"cycle\": " + std::to_string(10 * i) + ", \"" +
             (i == 7 ? "eurekaBarrier" : "barrier") + "\": {\"node\": \"" + node + "\", \"bsu\": 3}}";
    }
    ops += "]";
    const Scenario s = parseScenario(scenarioWith(kTrees, ops));
    const SyncCounters c = playSyncOperations(buildTopology(s), s.sync, syncOperationsOf(s.timeline),
                                              SyncHopCosts::fromRouter(s.router));
    QCOMPARE(c.barriersCompleted, std::uint64_t{1});
    QCOMPARE(c.eurekasCompleted, std::uint64_t{1});
  }

  void illegalPlayedOperationIsAnError() {
    const Scenario s = parseScenario(scenarioWith(kTrees, "[\n"
      "      {\"cycle\": 1, \"barrier\": {\"node\": \"0,0,0\", \"bsu\": 0}},\n"
      "      {\"cycle\": 2, \"barrier\": {\"node\": \"0,0,0\", \"bsu\": 0}}]"));
    try {
      playSyncOperations(buildTopology(s), s.sync, syncOperationsOf(s.timeline), SyncHopCosts{});
      QFAIL("no error");
    } catch (const SyncError& e) {
      QVERIFY2(QString::fromStdString(e.what()).contains("node (0,0,0) BSU 0: OP_BAR in state S_ARM"), e.what());
    }
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TstSyncScenario)
#include "tst_sync_scenario.moc"
