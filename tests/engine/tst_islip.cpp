// One iteration of iSLIP (router/islip.h; McKeown 1999), the VC allocator
// BookSim2's input-queued router runs: grant, accept, and the pointers that
// move only for accepted pairs.
#include "test_main.h"
#include "router/islip.h"

#include <QtTest>

#include <array>
#include <utility>
#include <vector>

using namespace flit;

namespace {

using Pairs = std::vector<std::pair<int, int>>;

Pairs run(const std::array<std::uint64_t, 64>& requests, std::uint64_t requested, std::array<std::uint8_t, 64>& grant,
          std::array<std::uint8_t, 64>& accept) {
  Pairs out;
  islipOnce(requests.data(), requested, grant.data(), accept.data(), [&](int r, int o) { out.emplace_back(r, o); });
  return out;
}

}  // namespace

class TstIslip : public QObject {
  Q_OBJECT
 private slots:
  void firstFromWraps();
  void twoGrantsToOneRequesterLeaveAResourceIdle();
  void pointersMoveOnlyForAcceptedPairs();
  void theLoserWinsNextTime();
};

void TstIslip::firstFromWraps() {
  QCOMPARE(firstFrom(0b1010, 0), 1);
  QCOMPARE(firstFrom(0b1010, 2), 3);
  QCOMPARE(firstFrom(0b1010, 4), 1);   // past the last: wraps
  QCOMPARE(firstFrom(0b1010, 64), 1);  // a pointer one past bit 63
  QCOMPARE(firstFrom(std::uint64_t{1} << 63, 63), 63);
}

// Requesters 0 and 1 both ask for resources 0 and 1; with every pointer at
// 0 both resources grant requester 0, which accepts resource 0: resource 1
// stays idle this cycle though requester 1 wanted it (the one iteration's
// loss; a maximal allocator would match both).
void TstIslip::twoGrantsToOneRequesterLeaveAResourceIdle() {
  std::array<std::uint64_t, 64> req{};
  req[0] = 0b11;
  req[1] = 0b11;
  std::array<std::uint8_t, 64> grant{}, accept{};
  QCOMPARE(run(req, 0b11, grant, accept), (Pairs{{0, 0}}));
  QCOMPARE(grant[0], std::uint8_t(1));  // one past the requester it matched
  QCOMPARE(accept[0], std::uint8_t(1));
  QCOMPARE(grant[1], std::uint8_t(0));  // its grant was not accepted: unchanged
}

void TstIslip::pointersMoveOnlyForAcceptedPairs() {
  std::array<std::uint64_t, 64> req{};
  req[5] = std::uint64_t{1} << 40;
  std::array<std::uint8_t, 64> grant{}, accept{};
  grant[5] = 41;  // past the only requester: wraps to it
  QCOMPARE(run(req, std::uint64_t{1} << 5, grant, accept), (Pairs{{40, 5}}));
  QCOMPARE(grant[5], std::uint8_t(41));
  QCOMPARE(accept[40], std::uint8_t(6));
}

// After the cycle above the pointers are desynchronised: the same requests
// match both requesters.
void TstIslip::theLoserWinsNextTime() {
  std::array<std::uint64_t, 64> req{};
  req[0] = 0b11;
  req[1] = 0b11;
  std::array<std::uint8_t, 64> grant{}, accept{};
  run(req, 0b11, grant, accept);
  // resource 0 now grants requester 1, resource 1 still requester 0
  QCOMPARE(run(req, 0b11, grant, accept), (Pairs{{0, 1}, {1, 0}}));
}

FLITSCOPE_TEST_APPLESS_MAIN(TstIslip)
#include "tst_islip.moc"
