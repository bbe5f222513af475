// flit::StandingConfig (sim/standing_config.h): the one rule for what a
// change leaves in the configuration a reset() rebuilds and a Save writes.
// For every intervention kind, a machine built from the noted configuration
// (the LUT edits applied at its start, as the window does) runs as the same
// machine with the change applied before its first cycle: the same totals,
// audits and router counters after 400 cycles. A kind added to
// InterventionKind without a case here fails everyKindHasACase.
#include "test_main.h"
#include "test_paths.h"
#include "sim_state_text.h"
#include "routing/route_tables.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "sim/standing_config.h"

#include <QtTest>

#include <set>
#include <string>
#include <vector>

using namespace flit;
using flit::test::stateText;
using K = InterventionKind;

namespace {

struct Case {
  const char* name;
  const char* preset;
  std::vector<Intervention> changes;  // applied in order before cycle 0
  bool undoes = false;  // the last change takes the one before back: the machine as loaded
};

Intervention lutEdit(NodeId node, int index, std::uint64_t tag) {
  Intervention i = Intervention::node(K::SetLutEntry, node);
  i.lutIndex = index;
  i.tag = tag;
  return i;
}

std::vector<Case> cases() {
  const SimConfig t3e = simConfigFromScenario(loadScenarioFile(flit::test::presetPath("teaching-4x4x4.json")));
  Simulator probe(t3e);
  // Node 0's entries for destinations 1..8 given the tag of the next one:
  // tags that pass validation but lead elsewhere, so the edits show.
  const RouteTables& tables = *probe.routing().tables;
  const auto lutIndexFor = [&](NodeId dst) {
    return RouteTables::lutIndex(tables.overrideOf(0).mode, tables.peMap().logicalOf(dst));
  };
  std::vector<Intervention> edits;
  for (NodeId d = 1; d <= 8; ++d) edits.push_back(lutEdit(0, lutIndexFor(d), probe.generatedLutEntry(0, lutIndexFor(d + 1))));
  std::vector<Intervention> editsRestored = edits;
  for (NodeId d = 1; d <= 8; ++d) {
    Intervention restore = Intervention::node(K::RestoreLutEntry, 0);
    restore.lutIndex = lutIndexFor(d);
    editsRestored.push_back(restore);
  }
  Intervention rate = Intervention::rate(0.31);
  Intervention pattern = Intervention::node(K::SetPattern, 0);
  pattern.pattern = TrafficPattern::BitComplement;
  Intervention adaptiveOff = Intervention::node(K::SetAdaptive, 0);
  adaptiveOff.on = false;
  Intervention roundRobin = Intervention::node(K::SetArbiter, 0);
  roundRobin.arbiter = ArbiterKind::RoundRobin;
  // The biases (the preset's clock period kept: a new period takes effect
  // at the age clock's next reload, Procedure 3, so a machine built with it
  // ticks its first age a cycle apart from one changed at cycle 0).
  Intervention age = Intervention::node(K::SetAgeConfig, 0);
  age.age = simConfigFromScenario(loadScenarioFile(flit::test::presetPath("xt-merging-8.json"))).router.age;
  age.age.requestBias[0] = 5;
  age.age.requestBias[3] = 5;
  Intervention spare = Intervention::node(K::SetHotSpare, 63);
  spare.on = true;
  VcTablesConfig trc;
  trc.generator = VcTableGenerator::Trc;
  return {
      {"failLink", "teaching-4x4x4.json", {Intervention::link(K::FailLink, 5)}},
      {"repairLink", "teaching-4x4x4.json", {Intervention::link(K::FailLink, 5), Intervention::link(K::RepairLink, 5)}, true},
      {"failNode", "teaching-4x4x4.json", {Intervention::node(K::FailNode, 21)}},
      {"repairNode", "teaching-4x4x4.json", {Intervention::node(K::FailNode, 21), Intervention::node(K::RepairNode, 21)}, true},
      {"setHotSpare", "teaching-4x4x4.json", {Intervention::node(K::FailNode, 21), spare}},
      {"setRate", "teaching-4x4x4.json", {rate}},
      {"setPattern", "teaching-4x4x4.json", {pattern}},
      {"setAdaptive", "teaching-4x4x4.json", {adaptiveOff}},
      {"setArbiter", "teaching-4x4x4.json", {roundRobin}},
      {"setAgeConfig", "xt-merging-8.json", {age}},
      {"setLutEntry", "teaching-4x4x4.json", edits},
      {"restoreLutEntry", "teaching-4x4x4.json", editsRestored, true},
      {"setVcRule", "teaching-4x4x4.json", {Intervention::vcRuleChange(VcRule::WrapClass)}},
      {"setVcTables", "teaching-4x4x4.json", {Intervention::vcTablesChange(trc)}},
      {"barrier", "teaching-4x4x4.json", {Intervention::sync(K::Barrier, 0, 0)}},
      {"eureka", "teaching-4x4x4.json", {Intervention::sync(K::Eureka, 0, 0)}},
      {"eurekaBarrier", "teaching-4x4x4.json", {Intervention::sync(K::EurekaBarrier, 0, 0)}},
      {"specialPut", "teaching-4x4x4.json", {Intervention::special(K::SpecialPut, 0, *parseSpecialDeltas("1,1,0"), SpecialRegister::Resets)}},
      {"specialGet", "teaching-4x4x4.json", {Intervention::special(K::SpecialGet, 0, *parseSpecialDeltas("1,1,0"), SpecialRegister::SgetReturn)}},
  };
}

// The run's state without the count of changes applied (the two machines
// got them in different ways).
std::string runState(Simulator& sim) {
  sim.run(400);
  // Without std::regex: GCC 12 at -O1 with the sanitizers warns inside
  // libstdc++'s regex (maybe-uninitialized), which -Werror makes an error.
  std::string s = stateText(sim);
  for (std::size_t at = s.find(" applied "); at != std::string::npos; at = s.find(" applied ", at)) {
    std::size_t end = at + 9;
    while (end < s.size() && s[end] >= '0' && s[end] <= '9') ++end;
    if (end > at + 9) s.erase(at, end - at);
    else at = end;
  }
  return s;
}

SimConfig presetConfig(const char* preset) {
  SimConfig cfg = simConfigFromScenario(loadScenarioFile(flit::test::presetPath(preset)));
  cfg.autoRebuild = true;  // as the window runs it
  return cfg;
}

}  // namespace

class TstStandingConfig : public QObject {
  Q_OBJECT
 private slots:
  void everyKindHasACase() {
    std::set<std::string> named;
    for (const Case& c : cases()) {
      QVERIFY(!c.changes.empty());
      named.insert(std::string(interventionKindName(c.changes.back().kind)));
      QCOMPARE(std::string(c.name), std::string(interventionKindName(c.changes.back().kind)));
    }
    for (int k = 0; k < kInterventionKindCount; ++k)
      QVERIFY2(named.count(std::string(interventionKindName(static_cast<K>(k)))),
               interventionKindName(static_cast<K>(k)).data());
  }

  void aNotedChangeRunsAsTheAppliedOne_data() {
    QTest::addColumn<int>("index");
    const auto all = cases();
    for (int i = 0; i < static_cast<int>(all.size()); ++i) QTest::newRow(all[static_cast<std::size_t>(i)].name) << i;
  }
  void aNotedChangeRunsAsTheAppliedOne() {
    QFETCH(int, index);
    const Case c = cases()[static_cast<std::size_t>(index)];
    const SimConfig cfg = presetConfig(c.preset);

    Simulator applied(cfg);
    for (const Intervention& i : c.changes) applied.apply(i);

    StandingConfig standing{cfg, {}};
    for (const Intervention& i : c.changes) standing.note(i);
    Simulator built(standing.config);
    for (const auto& [key, tag] : standing.lutEdits) built.apply(lutEdit(key.first, key.second, tag));

    Simulator untouched(cfg);
    const std::string loaded = runState(untouched);
    if (isRunEvent(c.changes.back().kind)) {
      // An event of the run, not a setting: nothing is noted.
      QVERIFY(standing.lutEdits.empty());
      QCOMPARE(runState(built), loaded);
      return;
    }
    const std::string a = runState(applied);
    QCOMPARE(runState(built), a);
    // The change showed (not the machine as loaded), or was taken back.
    if (c.undoes) {
      QCOMPARE(a, loaded);
      QVERIFY(standing.lutEdits.empty() && standing.config.failedLinks.empty() && standing.config.failedNodes.empty());
    } else {
      QVERIFY2(loaded != a, "the change had no effect: the case proves nothing");
    }
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TstStandingConfig)

#include "tst_standing_config.moc"
