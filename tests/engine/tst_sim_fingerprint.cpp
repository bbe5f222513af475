// Determinism fingerprints (CONVENTIONS.md, OMNeT++ style): per preset, an
// FNV-1a hash of the simulator's event stream, checked in under
// tests/scenarios/<preset>/fingerprint.txt. A change is a deliberate,
// explained commit: regenerate with FLITSCOPE_UPDATE_FINGERPRINTS=1.
// 10^4 cycles; presets above 1024 nodes run 1000 cycles to keep the suite fast.
// Fat-tree presets (issue 19) hash the circuit simulator's events the same
// way: 10^4 cycles, 1000 above 1024 endpoints.
#include "test_main.h"
#include "test_paths.h"
#include "fattree/circuit_simulator.h"
#include "fattree/fat_tree_scenario.h"
#include "scenario/fat_tree_scenario_json.h"
#include "scenario/scenario.h"
#include "scenario/scenario_family.h"
#include "sim/circuit_fingerprint.h"
#include "sim/simulator.h"

#include <QtTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace flit;
namespace fs = std::filesystem;

class TstSimFingerprint : public QObject {
  Q_OBJECT
 private slots:
  void preset_data();
  void preset();
};

void TstSimFingerprint::preset_data() {
  QTest::addColumn<QString>("file");
  for (const fs::path& f : flit::test::presetFiles()) {
    QTest::newRow(f.stem().string().c_str()) << QString::fromStdString(f.string());
  }
}

void TstSimFingerprint::preset() {
  QFETCH(QString, file);
  const fs::path path = file.toStdString();
  const std::string json = readScenarioFileText(path.string());
  std::uint64_t cycles = 0;
  CircuitFingerprintObserver circuits;
  FingerprintObserver& fp = circuits.fp;  // a torus feeds it directly
  if (scenarioFamilyOfText(json) == TopologyFamily::FatTree) {
    const fattree::FatTreeScenario s = fattree::parseFatTreeScenario(json);
    fattree::CircuitSimulator sim(fattree::buildFatTree(s.spec), s.circuit, s.seed);
    sim.setObserver(&circuits);
    cycles = sim.network().endpointCount > 1024 ? 1000 : 10000;
    sim.run(cycles);
    QVERIFY(fp.events() > 1000u);
  } else {
    Simulator sim(simConfigFromScenario(parseScenario(json)));
    sim.setObserver(&fp);
    cycles = sim.topology().nodeCount() > 1024 ? 1000 : 10000;
    sim.run(cycles);
    // Dally & Seitz Figure 1's ring and the T3E's protocol deadlock (section
    // 3.3) deadlock by design (docs/deadlock-and-vc-balance.md): their
    // fingerprints cover the run up to the watchdog.
    const bool deadlocksByDesign = path.stem() == "trc-figure1-ring4" || path.stem() == "t3e-protocol-deadlock-4x4x4";
    QCOMPARE(sim.deadlocked(), deadlocksByDesign);
    QVERIFY(fp.events() > (deadlocksByDesign ? 20u : 1000u));
  }
  std::ostringstream text;
  text << "cycles " << cycles << "\nevents " << fp.events() << "\nhash " << std::hex
       << fp.hash() << "\nunordered " << fp.unorderedHash() << "\n";
  const fs::path golden =
      fs::path(FLITSCOPE_SOURCE_DIR) / "tests" / "scenarios" / path.stem() / "fingerprint.txt";
  if (std::getenv("FLITSCOPE_UPDATE_FINGERPRINTS")) {
    fs::create_directories(golden.parent_path());
    std::ofstream(golden) << text.str();
  }
  std::ifstream in(golden);
  QVERIFY2(in.good(), qPrintable(QString::fromStdString("missing " + golden.string() +
                                                        "; computed:\n" + text.str())));
  std::stringstream expected;
  expected << in.rdbuf();
  QCOMPARE(QString::fromStdString(text.str()), QString::fromStdString(expected.str()));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstSimFingerprint)
#include "tst_sim_fingerprint.moc"
