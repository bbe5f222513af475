// The VC-balance rows of a scenario (T3E paper Table 1, analysis/vc_balance.h)
// as flitscope-cli prints them: `check --vc-balance` and `optimize-vc`.
#pragma once

#include "analysis/vc_balance.h"
#include "routing/routing_setup.h"
#include "topology/topology.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace flitcli {

// [{dimension, ring, subring, average, maximum, violations}] (docs/cli.md).
nlohmann::json vcBalanceJson(const std::vector<flit::VcBalanceRow>& rows);
// One line per row under a header, "X" "Y" "Z" for the dimensions.
std::string vcBalanceTable(const std::vector<flit::VcBalanceRow>& rows);
// Routes committing a dateline violation, summed over the rows.
int vcBalanceViolations(const std::vector<flit::VcBalanceRow>& rows);

}  // namespace flitcli
