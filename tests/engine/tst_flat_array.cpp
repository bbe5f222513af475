// FlatArrayAllocator (engine/util/flat_array_allocator.h), the allocator of
// the simulator's per-router arrays: every block starts on a cache line,
// and a block of 2 MB or more is advised for transparent huge pages
// (madvise MADV_HUGEPAGE) before it is first written. The advice is read
// back from the kernel: /proc/self/smaps lists "hg" in the VmFlags of a
// mapping so advised, whether or not huge pages were free to back it.
#include "test_main.h"
#include "util/flat_array_allocator.h"

#include <QtTest>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

using namespace flit;

namespace {

// The VmFlags of the mapping holding `p` ("" when none is found).
std::string vmFlagsAt(const void* p) {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    // A mapping's header: "start-end perms offset dev inode [path]", in hex.
    std::uintptr_t start = 0, end = 0;
    char dash = 0;
    std::istringstream header(line);
    if (header >> std::hex >> start >> dash >> end && dash == '-' && line.find(':') > line.find(' ')) {
      inside = start <= at && at < end;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) return line.substr(8);
  }
  return {};
}

bool advisedHuge(const void* p) { return (" " + vmFlagsAt(p) + " ").find(" hg ") != std::string::npos; }

bool kernelHasHugePages() {
  return std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled").good();
}

struct Slot {  // the size of the simulator's flit slot
  std::uint64_t a, b;
};

}  // namespace

class TstFlatArray : public QObject {
  Q_OBJECT
 private slots:
  // First: no big block has been allocated and freed in this process yet,
  // so the small block cannot land in an advised range of an earlier one.
  void aSmallBlockIsNotAdvised();
  void blocksStartOnACacheLine_data();
  void blocksStartOnACacheLine();
  void aBigBlockIsAdvisedForHugePages();
  void aVectorGrownPastTheThresholdIsAdvised();
};

void TstFlatArray::aSmallBlockIsNotAdvised() {
  if (!kernelHasHugePages()) QSKIP("this kernel has no transparent huge pages");
  FlatArray<Slot> small(1000);  // 16 KB
  QVERIFY(!vmFlagsAt(small.data()).empty());
  QVERIFY2(!advisedHuge(small.data()), vmFlagsAt(small.data()).c_str());
}

void TstFlatArray::blocksStartOnACacheLine_data() {
  QTest::addColumn<int>("count");
  QTest::newRow("one slot") << 1;
  QTest::newRow("a few") << 7;
  QTest::newRow("64 KB") << 4096;
  QTest::newRow("2 MB") << (2 << 20) / 16;
  QTest::newRow("3 MB and a bit") << (3 << 20) / 16 + 3;
}

void TstFlatArray::blocksStartOnACacheLine() {
  QFETCH(int, count);
  FlatArray<Slot> v(static_cast<std::size_t>(count));
  QCOMPARE(reinterpret_cast<std::uintptr_t>(v.data()) % 64, std::uintptr_t{0});
  // Written and read back at both ends: the whole block is usable.
  v.back() = Slot{3, 4};
  v.front() = Slot{1, 2};
  QCOMPARE(v.front().a, std::uint64_t{1});
  QCOMPARE(v.back().b, std::uint64_t{count == 1 ? 2u : 4u});
}

void TstFlatArray::aBigBlockIsAdvisedForHugePages() {
  if (!kernelHasHugePages()) QSKIP("this kernel has no transparent huge pages");
  FlatArray<Slot> big((3 << 20) / sizeof(Slot));  // 3 MB
  QVERIFY2(advisedHuge(big.data()), vmFlagsAt(big.data()).c_str());
  QVERIFY2(advisedHuge(&big.back()), vmFlagsAt(&big.back()).c_str());
}

void TstFlatArray::aVectorGrownPastTheThresholdIsAdvised() {
  if (!kernelHasHugePages()) QSKIP("this kernel has no transparent huge pages");
  // As the packet pool grows: one element at a time, reallocated by the vector.
  FlatArray<Slot> pool;
  while (pool.size() * sizeof(Slot) < (kHugeBlockBytes * 3) / 2) pool.push_back(Slot{pool.size(), 0});
  QVERIFY(pool.capacity() * sizeof(Slot) >= kHugeBlockBytes);
  QVERIFY2(advisedHuge(pool.data()), vmFlagsAt(pool.data()).c_str());
  QCOMPARE(pool[12345].a, std::uint64_t{12345});
}

FLITSCOPE_TEST_APPLESS_MAIN(TstFlatArray)
#include "tst_flat_array.moc"
