// The local state machine of one barrier/eureka synchronization unit (BSU),
// T3E paper (seed 000_bcf8236523569157.txt) section 6 and Figure 6:
//
//   (a) barriers   S_BAR --OP_BAR--> S_ARM --barrier completion--> S_BAR
//   (b) eurekas    S_BAR --OP_EUR or eureka notification--> S_EUR
//                  S_EUR --OP_BAR--> S_ARM --barrier completion--> S_BAR
//                  S_BAR --OP_EUR_B (OP_EUR and OP_BAR at once)--> S_ARM
//
// Every processor operation where Figure 6 has no transition is an error
// (SyncError naming node, BSU and state), never a silent no-op. Of the
// network's notifications, a barrier completion reaches only armed BSUs (the
// tree delivers it after every participant armed; anything else is an
// internal error). A eureka notification reaching a BSU that already left
// S_BAR (its processor triggered the eureka, or already joined the barrier
// that follows it) is the eureka that BSU has already seen: it changes
// nothing (BsuStep::Absorbed), as the footnote's "a eureka is completed when
// any one processor checks in" implies for the others.
//
// Plain values, no Qt; any thread may call these pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace flit {

inline constexpr int kBsusPerNode = 32;  // T3E section 6: "a set of 32 ... BSUs"

enum class BsuState : std::uint8_t { Bar, Arm, Eur };  // S_BAR, S_ARM, S_EUR

// What the local processor does (a store to the BSU's memory-mapped register).
enum class BsuOp : std::uint8_t { Bar, Eur, EurB };  // OP_BAR, OP_EUR, OP_EUR_B

// What the network delivers to a BSU.
enum class BsuNotification : std::uint8_t { BarrierCompletion, Eureka };

std::string_view bsuStateName(BsuState s);          // "S_BAR", "S_ARM", "S_EUR"
std::string_view bsuOpName(BsuOp op);               // "OP_BAR", "OP_EUR", "OP_EUR_B"
std::string_view bsuNotificationName(BsuNotification n);  // "barrier completion", "eureka notification"
std::optional<BsuOp> parseBsuOp(std::string_view name);   // the names above

// An illegal operation or an inconsistent tree; what() names the place.
class SyncError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The state after `op`, or nullopt where Figure 6 has no transition.
std::optional<BsuState> bsuAfterOp(BsuState s, BsuOp op);

enum class BsuStep : std::uint8_t { Moved, Absorbed, Illegal };
struct BsuNotificationResult {
  BsuStep step = BsuStep::Illegal;
  BsuState next = BsuState::Bar;
};
BsuNotificationResult bsuAfterNotification(BsuState s, BsuNotification n);

// Whether an operation sends a barrier signal, a eureka signal, or both
// (OP_EUR_B counts as both).
constexpr bool opSignalsBarrier(BsuOp op) { return op != BsuOp::Eur; }
constexpr bool opSignalsEureka(BsuOp op) { return op != BsuOp::Bar; }

}  // namespace flit
