// Figure 6 of the T3E paper (section 6) as two small tables.
#include "sync/bsu_state.h"

namespace flit {

std::string_view bsuStateName(BsuState s) {
  switch (s) {
    case BsuState::Bar: return "S_BAR";
    case BsuState::Arm: return "S_ARM";
    case BsuState::Eur: return "S_EUR";
  }
  return "?";
}

std::string_view bsuOpName(BsuOp op) {
  switch (op) {
    case BsuOp::Bar: return "OP_BAR";
    case BsuOp::Eur: return "OP_EUR";
    case BsuOp::EurB: return "OP_EUR_B";
  }
  return "?";
}

std::string_view bsuNotificationName(BsuNotification n) {
  return n == BsuNotification::BarrierCompletion ? "barrier completion" : "eureka notification";
}

std::optional<BsuOp> parseBsuOp(std::string_view name) {
  for (BsuOp op : {BsuOp::Bar, BsuOp::Eur, BsuOp::EurB}) {
    if (bsuOpName(op) == name) return op;
  }
  return std::nullopt;
}

std::optional<BsuState> bsuAfterOp(BsuState s, BsuOp op) {
  switch (s) {
    case BsuState::Bar:
      // Figure 6 (a) OP_BAR; (b) OP_EUR; (b) OP_EUR_B = OP_EUR then OP_BAR.
      if (op == BsuOp::Bar) return BsuState::Arm;
      if (op == BsuOp::Eur) return BsuState::Eur;
      return BsuState::Arm;
    case BsuState::Eur:
      // Figure 6 (b): the eureka observed, the processor joins the barrier.
      if (op == BsuOp::Bar) return BsuState::Arm;
      return std::nullopt;
    case BsuState::Arm:
      return std::nullopt;  // armed: only the network's completion moves it
  }
  return std::nullopt;
}

BsuNotificationResult bsuAfterNotification(BsuState s, BsuNotification n) {
  if (n == BsuNotification::BarrierCompletion) {
    if (s == BsuState::Arm) return {BsuStep::Moved, BsuState::Bar};
    return {BsuStep::Illegal, s};
  }
  if (s == BsuState::Bar) return {BsuStep::Moved, BsuState::Eur};
  return {BsuStep::Absorbed, s};
}

}  // namespace flit
