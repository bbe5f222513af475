// Packet kinds and their lengths in flits. T3E paper (Scott & Thorson 1996),
// Table 3: single-word Get 2/2, vector Get 2/10, single-word Put 4/2, vector
// Put 10/2 (request/response). A request produces its response at the
// destination; responses travel on the response VC class (section 3.3).
// Generic packets (the textbook router) have a configurable length and no
// response.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace flit {

enum class PacketKind : std::uint8_t {
  Generic = 0,
  GetRequest,
  GetResponse,
  VectorGetRequest,
  VectorGetResponse,
  PutRequest,
  PutResponse,
  VectorPutRequest,
  VectorPutResponse,
};
inline constexpr int kPacketKindCount = 9;
static_assert(kPacketKindCount <= 32, "isRequest / isResponse: one bit per kind in 32 bits");

// Table 3 length; Generic returns 0 (the scenario's packetFlits applies).
constexpr int tableLengthFlits(PacketKind k) {
  switch (k) {
    case PacketKind::Generic: return 0;
    case PacketKind::GetRequest: return 2;
    case PacketKind::GetResponse: return 2;
    case PacketKind::VectorGetRequest: return 2;
    case PacketKind::VectorGetResponse: return 10;
    case PacketKind::PutRequest: return 4;
    case PacketKind::PutResponse: return 2;
    case PacketKind::VectorPutRequest: return 10;
    case PacketKind::VectorPutResponse: return 2;
  }
  return 0;
}
// As bit sets over the kinds (one shift and test on the simulator's per-flit
// path; the shift count is masked to 5 bits, which x86 does anyway, so no
// range test: every kind is below 32).
inline constexpr unsigned kRequestKinds =
    1u << static_cast<int>(PacketKind::GetRequest) | 1u << static_cast<int>(PacketKind::VectorGetRequest) |
    1u << static_cast<int>(PacketKind::PutRequest) | 1u << static_cast<int>(PacketKind::VectorPutRequest);
inline constexpr unsigned kResponseKinds =
    ((1u << kPacketKindCount) - 1u) & ~kRequestKinds & ~(1u << static_cast<int>(PacketKind::Generic));
constexpr bool isRequest(PacketKind k) {
  return (kRequestKinds >> (static_cast<unsigned>(k) & 31u)) & 1u;
}
constexpr bool isResponse(PacketKind k) {
  return (kResponseKinds >> (static_cast<unsigned>(k) & 31u)) & 1u;
}
// The response a request produces (the request itself otherwise).
constexpr PacketKind responseOf(PacketKind k) {
  return isRequest(k) ? static_cast<PacketKind>(static_cast<int>(k) + 1) : k;
}
// VC class: 0 request (and generic), 1 response.
constexpr int vcClassOf(PacketKind k) { return isResponse(k) ? 1 : 0; }

// "getRequest", "vectorPutResponse", "generic".
std::string_view packetKindName(PacketKind k);
std::optional<PacketKind> parsePacketKind(std::string_view name);

}  // namespace flit
