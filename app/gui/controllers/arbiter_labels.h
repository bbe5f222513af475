// The window's words for each arbiter of the engine's table (flit::kArbiters,
// router/router_config.h): its label in the Arbitration panel and the charts,
// and why a machine that refuses it does (flit::arbiterUnavailableReason
// says when). One row per kind; a kind of the engine without a row does not
// compile (below). Translated in context "Arbiters".
#pragma once

#include "router/router_config.h"

#include <QtGlobal>

namespace flitgui {

struct ArbiterLabel {
  flit::ArbiterKind kind;
  const char* label;       // "Round robin"
  const char* refusedWhy;  // shown on the greyed entry of a machine that cannot run it
};

inline constexpr ArbiterLabel kArbiterLabels[] = {
    {flit::ArbiterKind::RoundRobin, QT_TRANSLATE_NOOP("Arbiters", "Round robin"), ""},
    {flit::ArbiterKind::T3e, QT_TRANSLATE_NOOP("Arbiters", "T3E (keeps a grant per packet)"), ""},
    {flit::ArbiterKind::Age, QT_TRANSLATE_NOOP("Arbiters", "Age (Cray XT SeaStar)"),
     QT_TRANSLATE_NOOP("Arbiters",
                       "This machine has an adaptive virtual channel; the age arbiter serves dimension-order VCs only (XT paper section 2)")},
};

constexpr const ArbiterLabel* findArbiterLabel(flit::ArbiterKind kind) {
  for (const ArbiterLabel& l : kArbiterLabels)
    if (l.kind == kind) return &l;
  return nullptr;
}

// Counts rows rather than comparing findArbiterLabel's pointer with null:
// GCC 12 does not take that comparison as a constant under
// -fsanitize=undefined (make asan).
constexpr bool everyArbiterLabelled() {
  for (const flit::ArbiterInfo& a : flit::kArbiters) {
    int rows = 0;
    for (const ArbiterLabel& l : kArbiterLabels) rows += l.kind == a.kind ? 1 : 0;
    if (rows != 1) return false;
  }
  return std::size(kArbiterLabels) == std::size(flit::kArbiters);
}
static_assert(everyArbiterLabelled(), "every arbiter of flit::kArbiters needs its row in kArbiterLabels");

}  // namespace flitgui
