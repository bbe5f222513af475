// The Cray XT SeaStar's packet aging, bit-exact (Abts & Weisser, SC'07,
// section 2: Table 1, Table 2, Procedures 1-3). Plain functions on small
// value types, so that each procedure is unit-tested on its own
// (tests/engine/tst_age_clock.cpp) and the simulator's age arbiter
// (router/arbiter.h, AgeArbiter) only calls them.
//
// The 11-bit age field of a packet's header flit (XT Table 1):
//   bits [7:0]  the age (0..255) as the last router wrote it (Procedure 2
//               line 13), or, while the packet waits in a router, the low
//               bits of age - timestamp (Procedure 1 line 12);
//   bit  8      the sign of (age - timestamp): 1 when age < timestamp;
//   bit  9      the epoch in which the packet arrived at this router;
//   bit  10     unused.
//
// A choice where the paper's pseudocode cannot be taken literally (a
// misprint; docs/engine.md "Age-based arbitration"): Procedure 2 line 8
// reads "new age[8] = 1 OR (new age[9] = 1 AND head flit[8] = 1)". With bit
// 8 the sign of age - timestamp, as line 12 of Procedure 1 stores it, the
// second term would saturate every packet that arrived with age <
// timestamp even when it waited no time at all (age 10 at timestamp 20
// gives new age 522: bit 9 set, bit 8 clear). The 10-bit sum is the true
// age plus 512 x head flit[8], so the test that the true age left 0..255 is
// "new age[8] = 1 OR (new age[9] = 1 AND head flit[8] = 0)"; that is what
// ageAtOutput does. With the carry-out reading of bit 8 (1 = no borrow) the
// first term would saturate every packet instead, so no reading makes the
// printed line right.
#pragma once

#include <array>
#include <cstdint>

namespace flit {

// Header age field accessors (XT Table 1).
struct AgeField {
  static constexpr std::uint16_t age(std::uint16_t h) { return h & 0xFFu; }
  static constexpr std::uint16_t sign(std::uint16_t h) { return (h >> 8) & 1u; }
  static constexpr std::uint16_t epoch(std::uint16_t h) { return (h >> 9) & 1u; }
  static constexpr std::uint16_t kMaxAge = 255;
};

// Per-router aging state (XT Table 2; "chip-wide" in the SeaStar: one per
// router). Procedure 3 advances it once per clock; the simulator applies
// the ticks lazily (advanceAgeClock), which gives the same state because
// the packet counts, the only input, change only when the router is touched.
struct AgeClock {
  std::uint32_t periodReg = 1;  // age_clk_period_reg, counts down to 0
  std::uint8_t timestamp = 0;   // free-running, 0..255
  std::uint8_t epoch = 0;       // 0 or 1
  bool inhibit = false;         // an epoch flip is held back: age arbitration off
  // packet_count[epoch]: packets that arrived in each epoch and have not
  // left. The SeaStar's counters are 11 bits (0..2047); kept in 32 here.
  std::array<std::uint32_t, 2> packetCount{};
  friend bool operator==(const AgeClock&, const AgeClock&) = default;
};

// A clock as the SeaStar starts it: the countdown loaded with the period.
inline AgeClock startAgeClock(std::uint32_t periodCycles) {
  AgeClock c;
  c.periodReg = periodCycles;
  return c;
}

// Procedure 1: the head of a packet arrives at an input port. `header` is
// the 11-bit field as it came in, `bias` REQ_AGE_BIAS or RSP_AGE_BIAS of
// that port (0..7). Counts the packet in the current epoch; returns the
// field the header carries while it waits here.
std::uint16_t ageOnArrival(std::uint16_t header, int bias, AgeClock& c);

// Procedure 2, lines 1-11: the age of a waiting packet now (0..255,
// saturated), from the field Procedure 1 stored.
std::uint8_t ageAtOutput(std::uint16_t header, const AgeClock& c);

// Procedure 2, lines 13-14: the packet wins its output. Decrements the
// count of its arrival epoch; returns the field it leaves with (bits [7:0]
// the new age, the rest as they were).
std::uint16_t ageOnDeparture(std::uint16_t header, AgeClock& c);

// A packet counted at this router leaves it without being sent (dropped by
// a fault): its arrival epoch's count is released, as a departure would.
void ageForget(std::uint16_t header, AgeClock& c);

// Procedure 3: one clock tick, literally as the paper's pseudocode.
void tickAgeClock(AgeClock& c, std::uint32_t periodCycles);

// `ticks` calls of tickAgeClock at once, with the packet counts unchanged;
// O(ticks / period) at worst, O(1) when idle or inhibited. The common case
// (the countdown does not expire) inline, the rest in advanceAgeClockSlow.
void advanceAgeClockSlow(AgeClock& c, std::uint32_t periodCycles, std::uint64_t ticks);
inline void advanceAgeClock(AgeClock& c, std::uint32_t periodCycles, std::uint64_t ticks) {
  if (!c.inhibit && ticks < c.periodReg) {
    c.periodReg -= static_cast<std::uint32_t>(ticks);
    return;
  }
  advanceAgeClockSlow(c, periodCycles, ticks);
}

// AGE_RR_SELECT (XT section 2.1): bit `counter` (a 6-bit counter per output
// port, incremented per grant) of the 64-bit mask chooses age-based (1) or
// round-robin (0) arbitration for that grant.
constexpr bool ageSelectsAge(std::uint64_t rrSelect, std::uint8_t counter) {
  return ((rrSelect >> (counter & 63u)) & 1u) != 0;
}

// The four age groups of RTR_AGE_GROUP0/1 (XT Table 4): 0-63, 64-127,
// 128-191, 192-255.
constexpr int ageGroupOf(std::uint8_t age) { return age >> 6; }
inline constexpr int kAgeGroups = 4;

}  // namespace flit
