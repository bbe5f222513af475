// The one place where a scenario's settings become the simulator's policy
// types (sim/cycle_policy.h, withCyclePolicy; docs/engine.md "Policy
// types"): each row names the settings and the policies the cycle runs.
#include "test_main.h"
#include "test_paths.h"
#include "scenario/scenario.h"
#include "sim/cycle_policy.h"
#include "sim/sim_types.h"

#include <QtTest>

#include <string>
#include <type_traits>

using namespace flit;

namespace {

template <class T>
std::string routingName() {
  if constexpr (std::is_same_v<T, DimensionOrderRouting>) return "dimensionOrder";
  if constexpr (std::is_same_v<T, DimensionOrderTieRouting>) return "dimensionOrderTies";
  if constexpr (std::is_same_v<T, DimensionOrderDetourRouting>) return "dimensionOrderDetours";
  if constexpr (std::is_same_v<T, DirectionOrderRouting>) return "directionOrder";
  if constexpr (std::is_same_v<T, AdaptiveRouting>) return "adaptive";
  if constexpr (std::is_same_v<T, TrcRouting>) return "trc";
  return "?";
}

template <class T>
std::string arbiterName() {
  if constexpr (std::is_same_v<T, RoundRobinArbiter>) return "roundRobin";
  if constexpr (std::is_same_v<T, T3eArbiter>) return "t3e";
  if constexpr (std::is_same_v<T, AgeArbiter>) return "age";
  return "?";
}

template <class T>
std::string flowName() {
  if constexpr (std::is_same_v<T, WormholeFlow>) return "wormhole";
  if constexpr (std::is_same_v<T, CutThroughFlow>) return "cutThrough";
  if constexpr (std::is_same_v<T, StoreAndForwardFlow>) return "storeAndForward";
  if constexpr (std::is_same_v<T, OneFlitFlow>) return "oneFlit";
  return "?";
}

// "routing arbiter flow speculative|staged [age]" for the policy picked.
std::string picked(const CycleSelection& s) {
  std::string out;
  int calls = 0;
  withCyclePolicy(s, [&](auto policy) {
    using P = decltype(policy);
    ++calls;
    out = routingName<typename P::Routing>() + " " + arbiterName<typename P::Arbiter>() + " " +
          flowName<typename P::Flow>() + (P::kSpeculative ? " speculative" : " staged") +
          (P::kAge ? " age" : "");
  });
  return calls == 1 ? out : "called " + std::to_string(calls) + " times";
}

}  // namespace

class TstCyclePolicy : public QObject {
  Q_OBJECT
 private slots:
  void picksThePolicies_data();
  void picksThePolicies();
  void oneFlitWhenEveryPacketIsOneFlit_data();
  void oneFlitWhenEveryPacketIsOneFlit();
  void oneFlitNotWithATable3KindInTheMix();
  void everyArbiterOfTheTableRuns();
  void detoursRunTheDetourPolicy();
};

// Once a rebuild has given dimension-order pairs detours around failures
// (routing/dor_detours.h), the cycle runs the one routing policy that reads
// a packet's tag, with tie bits or without; before, the plain step.
void TstCyclePolicy::detoursRunTheDetourPolicy() {
  CycleSelection s;
  s.algorithm = RoutingAlgorithm::DimensionOrder;
  s.arbiter = ArbiterKind::Age;
  s.speculative = false;
  QCOMPARE(QString::fromStdString(picked(s)), QStringLiteral("dimensionOrder age cutThrough staged age"));
  s.detours = true;
  QCOMPARE(QString::fromStdString(picked(s)), QStringLiteral("dimensionOrderDetours age cutThrough staged age"));
  s.tieBits = true;
  QCOMPARE(QString::fromStdString(picked(s)), QStringLiteral("dimensionOrderDetours age cutThrough staged age"));
}

void TstCyclePolicy::picksThePolicies_data() {
  QTest::addColumn<int>("algorithm");
  QTest::addColumn<bool>("tieBits");
  QTest::addColumn<bool>("adaptive");
  QTest::addColumn<int>("arbiter");
  QTest::addColumn<int>("flow");
  QTest::addColumn<bool>("oneFlit");
  QTest::addColumn<bool>("speculative");
  QTest::addColumn<QString>("expected");
  const int dor = static_cast<int>(RoutingAlgorithm::DimensionOrder);
  const int tags = static_cast<int>(RoutingAlgorithm::DirectionOrder);
  const int trc = static_cast<int>(RoutingAlgorithm::TrcRelative);
  const int rr = static_cast<int>(ArbiterKind::RoundRobin);
  const int t3e = static_cast<int>(ArbiterKind::T3e);
  const int age = static_cast<int>(ArbiterKind::Age);
  const int vct = static_cast<int>(FlowControl::VirtualCutThrough);
  const int wh = static_cast<int>(FlowControl::Wormhole);
  const int saf = static_cast<int>(FlowControl::StoreAndForward);
  QTest::newRow("generic: dimension order, ties +, round robin, cut-through, speculative")
      << dor << false << false << rr << vct << false << true << "dimensionOrder roundRobin cutThrough speculative";
  QTest::newRow("generic now: random ties, not speculative")
      << dor << true << false << rr << vct << false << false << "dimensionOrderTies roundRobin cutThrough staged";
  QTest::newRow("XT: dimension order, age arbiter, not speculative")
      << dor << false << false << age << vct << false << false << "dimensionOrder age cutThrough staged age";
  QTest::newRow("T3E: direction order, adaptive, T3E arbiter")
      << tags << false << true << t3e << vct << false << true << "adaptive t3e cutThrough speculative";
  QTest::newRow("T3E with adaptive routing off")
      << tags << false << false << t3e << vct << false << true << "directionOrder t3e cutThrough speculative";
  QTest::newRow("adaptive with round robin")
      << tags << false << true << rr << wh << false << true << "adaptive roundRobin wormhole speculative";
  QTest::newRow("TRC: wormhole, round robin")
      << trc << false << false << rr << wh << false << true << "trc roundRobin wormhole speculative";
  QTest::newRow("store-and-forward, T3E arbiter, staged")
      << tags << false << false << t3e << saf << false << false << "directionOrder t3e storeAndForward staged";
  // Every packet one flit long (the generic presets): OneFlitFlow, whatever
  // router.flowControl says.
  QTest::newRow("generic presets: one-flit packets, not speculative")
      << dor << true << false << rr << wh << true << false << "dimensionOrderTies roundRobin oneFlit staged";
  QTest::newRow("ideal router: one-flit packets, speculative")
      << dor << false << false << rr << vct << true << true << "dimensionOrder roundRobin oneFlit speculative";
  QTest::newRow("one-flit packets under store-and-forward and the age arbiter")
      << dor << false << false << age << saf << true << false << "dimensionOrder age oneFlit staged age";
  QTest::newRow("multi-flit packets keep router.flowControl's policy")
      << dor << false << false << rr << wh << false << false << "dimensionOrder roundRobin wormhole staged";
  // Refused by the router's validation and setAdaptive; were it asked for,
  // adaptive routing still runs its speculative allocator.
  QTest::newRow("adaptive is always speculative")
      << tags << false << true << t3e << vct << false << false << "adaptive t3e cutThrough speculative";
}

void TstCyclePolicy::picksThePolicies() {
  QFETCH(int, algorithm);
  QFETCH(bool, tieBits);
  QFETCH(bool, adaptive);
  QFETCH(int, arbiter);
  QFETCH(int, flow);
  QFETCH(bool, oneFlit);
  QFETCH(bool, speculative);
  QFETCH(QString, expected);
  CycleSelection s;
  s.algorithm = static_cast<RoutingAlgorithm>(algorithm);
  s.tieBits = tieBits;
  s.adaptive = adaptive;
  s.arbiter = static_cast<ArbiterKind>(arbiter);
  s.flow = static_cast<FlowControl>(flow);
  s.oneFlit = oneFlit;
  s.speculative = speculative;
  QCOMPARE(QString::fromStdString(picked(s)), expected);
}

// CycleSelection::oneFlit as Simulator sets it (everyPacketOneFlit): the
// presets with one-flit packets run OneFlitFlow, the others keep their
// router.flowControl.
void TstCyclePolicy::oneFlitWhenEveryPacketIsOneFlit_data() {
  QTest::addColumn<QString>("preset");
  QTest::addColumn<int>("packetFlits");  // 0: the preset's
  QTest::addColumn<bool>("expected");
  QTest::newRow("generic 8x8x8: one-flit packets") << "generic-8x8x8.json" << 0 << true;
  QTest::newRow("generic 16x16x16") << "generic-16x16x16.json" << 0 << true;
  QTest::newRow("TRC ring: 4-flit packets, one class") << "trc-figure1-ring4.json" << 0 << false;
  QTest::newRow("TRC ring with packetFlits 1") << "trc-figure1-ring4.json" << 1 << true;
  QTest::newRow("generic 8x8x8 with 4-flit packets") << "generic-8x8x8.json" << 4 << false;
  QTest::newRow("T3E: requests and responses (Table 3 lengths)") << "t3e-8x8x8.json" << 0 << false;
  QTest::newRow("T3E with packetFlits 1: still two classes") << "t3e-8x8x8.json" << 1 << false;
  QTest::newRow("XT 11x12x16") << "xt-11x12x16.json" << 0 << false;
}

void TstCyclePolicy::oneFlitWhenEveryPacketIsOneFlit() {
  QFETCH(QString, preset);
  QFETCH(int, packetFlits);
  QFETCH(bool, expected);
  SimConfig cfg = simConfigFromScenario(loadScenarioFile(flit::test::presetPath(preset.toStdString())));
  if (packetFlits > 0) cfg.traffic.packetFlits = packetFlits;
  QCOMPARE(everyPacketOneFlit(cfg.traffic, cfg.router.vcClasses), expected);
}

// One class and packetFlits 1, but a kind of T3E Table 3 in the mix: not one flit.
void TstCyclePolicy::oneFlitNotWithATable3KindInTheMix() {
  TrafficConfig t;
  t.packetFlits = 1;
  t.mix = {{PacketKind::Generic, 1.0}, {PacketKind::GetRequest, 1.0}};
  QVERIFY(!everyPacketOneFlit(t, 1));
  t.mix = {{PacketKind::Generic, 1.0}};
  QVERIFY(everyPacketOneFlit(t, 1));
}

// flit::kArbiters is the one list of arbiters: each row's name reads back to
// its kind, the dispatch runs that kind's policy, and the list in error
// messages and help texts is the table's.
void TstCyclePolicy::everyArbiterOfTheTableRuns() {
  QStringList names;
  for (const ArbiterInfo& a : kArbiters) {
    const std::string name(a.name);
    QCOMPARE(parseArbiterKind(name), std::optional<ArbiterKind>(a.kind));
    QCOMPARE(arbiterName(a.kind), name);
    QVERIFY(!a.source.empty());
    CycleSelection s;
    s.arbiter = a.kind;
    QVERIFY2(QString::fromStdString(picked(s)).split(QLatin1Char(' ')).contains(QString::fromStdString(name)),
             picked(s).c_str());
    names << QString::fromStdString(name);
  }
  QCOMPARE(QString::fromStdString(arbiterNameList()), names.join(QStringLiteral(", ")));
  QCOMPARE(parseArbiterKind("oldestFirst"), std::optional<ArbiterKind>());
}

FLITSCOPE_TEST_APPLESS_MAIN(TstCyclePolicy)
#include "tst_cycle_policy.moc"
