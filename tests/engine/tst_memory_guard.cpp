// The resource guard (issue 41): a scenario whose state would not fit in
// this machine's memory is refused before anything is allocated, with a
// message that names the size it needs; the buffers' flit slots stay within
// the engine's 32-bit index. Simulator::plannedBytes (what a configuration
// takes at most, known before the constructor runs) is held together with
// memoryBytes (what a built simulator counts) on every torus preset, empty
// and past saturation.
#include "test_main.h"
#include "test_paths.h"
#include "scenario/json_fields.h"
#include "scenario/scenario.h"
#include "sim/simulator.h"
#include "util/memory_budget.h"

#include <QtTest>

#include <sys/resource.h>

#include <string>

using namespace flit;

namespace {

SimConfig preset(const char* name) { return simConfigFromScenario(loadScenarioFile(flit::test::presetPath(name))); }

// 64x64x64, 8 VCs of `depth` flits.
SimConfig huge(int depth) {
  SimConfig cfg = preset("generic-8x8x8.json");
  cfg.topology.radix = {64, 64, 64};
  cfg.router.vcCount = 8;
  cfg.router.vcDepthFlits = depth;
  cfg.router.adaptiveVcDepthFlits = depth;
  return cfg;
}

constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

}  // namespace

class TestMemoryGuard : public QObject {
  Q_OBJECT
 private slots:
  void bytesReadAsAPersonReadsThem() {
    QCOMPARE(bytesText(0), std::string("0 B"));
    QCOMPARE(bytesText(1023), std::string("1023 B"));
    QCOMPARE(bytesText(1024), std::string("1.00 KiB"));
    QCOMPARE(bytesText(12u * 1024 * 1024 + 512 * 1024), std::string("12.5 MiB"));
    QCOMPARE(bytesText(61 * kGiB + kGiB / 5), std::string("61.2 GiB"));
    QCOMPARE(bytesText(300 * kGiB), std::string("300 GiB"));
    QCOMPARE(bytesText(1536 * kGiB), std::string("1.50 TiB"));
  }

  void thisMachineSaysWhatIsAvailable() {
    const auto available = availableMemoryBytes();
    QVERIFY(available.has_value());  // Linux: /proc/meminfo
    QVERIFY(*available > 0);
  }

  // The plan is an upper bound of what a built machine counts, empty and
  // past saturation (every source sending a flit each cycle), and not far
  // above it once the buffers have filled.
  void thePlanBoundsWhatTheMachineTakes_data() {
    QTest::addColumn<QString>("name");
    for (const char* n : {"teaching-4x4x4.json", "generic-8x8x8.json", "t3e-8x8x8.json", "xt-11x12x16.json",
                          "trc-16x16.json", "t3e-table1-ring32.json", "xt-merging-8.json"})
      QTest::newRow(n) << QString::fromLatin1(n);
  }
  void thePlanBoundsWhatTheMachineTakes() {
    QFETCH(QString, name);
    SimConfig cfg = preset(name.toLatin1().constData());
    cfg.traffic.rateFlitsPerNodeCycle = 1.0;
    const std::uint64_t planned = Simulator::plannedBytes(cfg);
    Simulator sim(cfg);
    QVERIFY2(sim.memoryBytes() <= planned, qPrintable(QStringLiteral("empty %1 > planned %2").arg(sim.memoryBytes()).arg(planned)));
    sim.run(3000);
    const std::uint64_t full = sim.memoryBytes();
    QVERIFY2(full <= planned, qPrintable(QStringLiteral("full %1 > planned %2").arg(full).arg(planned)));
    QVERIFY2(planned <= 4 * full, qPrintable(QStringLiteral("planned %1 > 4 x full %2").arg(planned).arg(full)));
  }

  void aMachineThatDoesNotFitIsRefusedNamingItsSize() {
    const SimConfig cfg = preset("generic-8x8x8.json");
    Simulator::checkFitsInMemory(cfg, kGiB);        // fits
    Simulator::checkFitsInMemory(cfg, std::nullopt);  // nothing known: not checked
    try {
      Simulator::checkFitsInMemory(cfg, 1u << 20);
      QFAIL("an 8x8x8 machine in 1 MiB was accepted");
    } catch (const ScenarioError& e) {
      QCOMPARE(e.path(), std::string("scenario.topology.radix"));
      const QString why = QString::fromStdString(e.reason());
      QVERIFY2(why.contains(QStringLiteral("8x8x8 machine with 2 VCs of 8 flits")), qPrintable(why));
      QVERIFY2(why.contains(QStringLiteral("needs up to ") + QString::fromStdString(bytesText(Simulator::plannedBytes(cfg)))),
               qPrintable(why));
      QVERIFY2(why.contains(QStringLiteral("1.00 MiB is available")), qPrintable(why));
    }
  }

  // 64^3 nodes x 7 ports x 8 VCs x 1024 flits = 15e9 slots: past the
  // buffers' 32-bit index whatever the memory.
  void buffersPastTheSlotIndexAreRefused() {
    try {
      Simulator::checkFitsInMemory(huge(1024), std::nullopt);
      QFAIL("15e9 flit slots were accepted");
    } catch (const ScenarioError& e) {
      QCOMPARE(e.path(), std::string("scenario.router.vcDepthFlits"));
      QVERIFY2(QString::fromStdString(e.reason()).contains(QStringLiteral("15032385536 flit slots")), e.what());
    }
  }

  // The constructor runs the guard before it allocates: under an address
  // space limit of 1 GiB more than is in use, a 64x64x64 machine with 8 VCs
  // of 256 flits (268 GiB planned) is refused by the constructor, and
  // the limit is there to stop any allocation that got through first.
  void theConstructorRefusesBeforeItAllocates() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    QSKIP("the sanitizers reserve terabytes of address space: an address space limit cannot be set");
#endif
    rlimit before{};
    QCOMPARE(getrlimit(RLIMIT_AS, &before), 0);
    const auto inUse = [] {
      QFile status(QStringLiteral("/proc/self/status"));
      if (!status.open(QIODevice::ReadOnly)) return std::uint64_t{0};
      for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmSize:")) return static_cast<std::uint64_t>(line.mid(7).trimmed().split(' ').first().toULongLong()) * 1024;
      return std::uint64_t{0};
    }();
    QVERIFY(inUse > 0);
    rlimit limited = before;
    limited.rlim_cur = inUse + kGiB;
    QCOMPARE(setrlimit(RLIMIT_AS, &limited), 0);
    const auto available = availableMemoryBytes();
    QString caught;
    try {
      const Simulator sim(huge(256));
    } catch (const ScenarioError& e) {
      caught = QString::fromStdString(e.what());
    } catch (const std::bad_alloc&) {
      caught = QStringLiteral("bad_alloc");
    }
    QCOMPARE(setrlimit(RLIMIT_AS, &before), 0);
    QVERIFY(available && *available <= kGiB);
    QVERIFY2(caught.startsWith(QStringLiteral("scenario.topology.radix: a 64x64x64 machine with 8 VCs of 256 flits")),
             qPrintable(caught));
    QVERIFY2(caught.contains(QStringLiteral(" GiB of memory; ")), qPrintable(caught));
  }
};

FLITSCOPE_TEST_APPLESS_MAIN(TestMemoryGuard)
#include "tst_memory_guard.moc"
