// Determinism fingerprints (CONVENTIONS.md, OMNeT++ style): per preset, an
// FNV-1a hash of the simulator's event stream, checked in under
// tests/scenarios/<preset>/fingerprint.txt. A change is a deliberate,
// explained commit: regenerate with FLITSCOPE_UPDATE_FINGERPRINTS=1.
// 10^4 cycles; presets above 1024 nodes run 1000 cycles to keep the suite fast.
#include "sim/scenario.h"
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
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(FLITSCOPE_PRESETS_DIR)) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    QTest::newRow(f.stem().string().c_str()) << QString::fromStdString(f.string());
  }
}

void TstSimFingerprint::preset() {
  QFETCH(QString, file);
  const fs::path path = file.toStdString();
  Simulator sim(simConfigFromScenario(loadScenarioFile(path.string())));
  FingerprintObserver fp;
  sim.setObserver(&fp);
  const std::uint64_t cycles = sim.topology().nodeCount() > 1024 ? 1000 : 10000;
  sim.run(cycles);
  // Dally & Seitz Figure 1's ring deadlocks by design (docs/deadlock-and-
  // vc-balance.md): its fingerprint covers the run up to the watchdog.
  const bool deadlocksByDesign = path.stem() == "trc-figure1-ring4";
  QCOMPARE(sim.deadlocked(), deadlocksByDesign);
  QVERIFY(fp.events() > (deadlocksByDesign ? 20u : 1000u));
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

QTEST_APPLESS_MAIN(TstSimFingerprint)
#include "tst_sim_fingerprint.moc"
