// XT paper section 2.3, Procedures 1-3 (router/age_clock.h).
#include "router/age_clock.h"

namespace flit {

std::uint16_t ageOnArrival(std::uint16_t header, int bias, AgeClock& c) {
  unsigned age = AgeField::age(header) + static_cast<unsigned>(bias);  // lines 1-6
  if (age > AgeField::kMaxAge) age = AgeField::kMaxAge;                 // lines 7-9
  ++c.packetCount[c.epoch];                                             // line 10
  const unsigned low9 = (age - c.timestamp) & 0x1FFu;                   // line 12, 9 bits
  return static_cast<std::uint16_t>((static_cast<unsigned>(c.epoch) << 9) | low9);  // line 11
}

std::uint8_t ageAtOutput(std::uint16_t header, const AgeClock& c) {
  const unsigned rollover = AgeField::epoch(header) != c.epoch ? 1u : 0u;  // lines 1-6
  const unsigned newAge = ((header & 0x1FFu) + ((rollover << 8) | c.timestamp)) & 0x3FFu;  // line 7
  const bool bit8 = (newAge >> 8) & 1u;
  const bool bit9 = (newAge >> 9) & 1u;
  // Line 8 with its misprint corrected (age_clock.h): the true age left 0..255.
  if (bit8 || (bit9 && AgeField::sign(header) == 0)) return 255;  // lines 8-11
  return static_cast<std::uint8_t>(newAge & 0xFFu);
}

std::uint16_t ageOnDeparture(std::uint16_t header, AgeClock& c) {
  const std::uint8_t age = ageAtOutput(header, c);
  ageForget(header, c);                                                          // line 14
  return static_cast<std::uint16_t>((header & 0x700u) | age);  // line 13: [7:0]
}

void ageForget(std::uint16_t header, AgeClock& c) {
  auto& count = c.packetCount[AgeField::epoch(header)];
  if (count > 0) --count;
}

namespace {
// "(epoch = 1 AND packet count[0] > 0) OR (epoch = 0 AND packet count[1] > 0)"
bool olderEpochHolds(const AgeClock& c) { return c.packetCount[c.epoch ^ 1u] > 0; }
}  // namespace

void tickAgeClock(AgeClock& c, std::uint32_t periodCycles) {
  if (c.inhibit) {                      // line 1
    c.inhibit = olderEpochHolds(c);     // lines 2-5
    return;
  }
  --c.periodReg;                        // line 7
  if (c.periodReg != 0) return;         // line 8
  c.periodReg = periodCycles;           // line 9
  if (c.timestamp == 255) {             // line 10
    c.inhibit = olderEpochHolds(c);     // lines 11-13
    if (!c.inhibit) {
      c.timestamp = 0;                  // line 15 (255 + 1 in 8 bits)
      c.epoch ^= 1u;                    // line 16
    }
  } else {
    ++c.timestamp;                      // line 19
  }
}

void advanceAgeClockSlow(AgeClock& c, std::uint32_t periodCycles, std::uint64_t ticks) {
  while (ticks > 0) {
    if (c.inhibit) {
      if (olderEpochHolds(c)) return;  // stays inhibited for every remaining tick
      c.inhibit = false;
      --ticks;
      continue;
    }
    if (ticks < c.periodReg) {
      c.periodReg -= static_cast<std::uint32_t>(ticks);
      return;
    }
    ticks -= c.periodReg;  // up to and including the tick that expires the countdown
    c.periodReg = periodCycles;
    // Expiries left in `ticks`, each a whole period: move the timestamp to
    // 255 in one step when that many remain (no flip before it).
    if (c.timestamp != 255) {
      ++c.timestamp;
      const std::uint64_t toTop = 255u - c.timestamp;
      const std::uint64_t whole = ticks / periodCycles;
      const std::uint64_t step = whole < toTop ? whole : toTop;
      c.timestamp = static_cast<std::uint8_t>(c.timestamp + step);
      ticks -= step * periodCycles;
      continue;
    }
    c.inhibit = olderEpochHolds(c);
    if (!c.inhibit) {
      c.timestamp = 0;
      c.epoch ^= 1u;
      // Idle in both epochs: each further 512 expiries return the same
      // state (two flips), so skip them.
      if (c.packetCount[0] == 0 && c.packetCount[1] == 0) {
        const std::uint64_t cycle = 512u * static_cast<std::uint64_t>(periodCycles);
        ticks %= cycle;
      }
    }
  }
}

}  // namespace flit
