// NetworkBuilder: appending RN1s and wiring port lists (network_builder.h).
#include "fattree/network_builder.h"

#include <stdexcept>
#include <string>

namespace flit::fattree::detail {

std::uint32_t NetworkBuilder::addRouters(std::uint32_t count, RouterRole role, std::uint8_t layer,
                                         std::uint32_t block, bool dual) {
  const auto first = static_cast<std::uint32_t>(net_.routers.size());
  net_.routers.resize(net_.routers.size() + count, Rn1Router{role, dual, layer, block});
  net_.outTarget.resize(net_.routers.size() * kRn1Ports, kUnconnected);
  return first;
}

std::vector<std::uint32_t> NetworkBuilder::shuffledRange(std::uint32_t first, std::uint32_t count) {
  std::vector<std::uint32_t> v(count);
  for (std::uint32_t i = 0; i < count; ++i) v[i] = first + i;
  for (std::uint32_t i = count; i > 1; --i) std::swap(v[i - 1], v[rng_.below(i)]);
  return v;
}

std::vector<std::uint32_t> NetworkBuilder::shuffled(std::vector<std::uint32_t> v) {
  for (auto i = static_cast<std::uint32_t>(v.size()); i > 1; --i)
    std::swap(v[i - 1], v[rng_.below(i)]);
  return v;
}

PortList NetworkBuilder::outputsRouterMajor(const std::vector<std::uint32_t>& routers, int dir) {
  PortList out;
  out.reserve(routers.size() * kRn1Dilation);
  for (const std::uint32_t r : routers) {
    for (int k = 0; k < kRn1Dilation; ++k) {
      out.push_back(r * kRn1Ports + static_cast<std::uint32_t>(dir * kRn1Dilation + k));
    }
  }
  return out;
}

PortList NetworkBuilder::inputsSlotMajor(const std::vector<std::uint32_t>& routers, int firstPort,
                                         int lastPort) {
  PortList in;
  in.reserve(routers.size() * static_cast<std::size_t>(lastPort - firstPort + 1));
  for (int p = firstPort; p <= lastPort; ++p) {
    for (const std::uint32_t r : routers)
      in.push_back(r * kRn1Ports + static_cast<std::uint32_t>(p));
  }
  return in;
}

void NetworkBuilder::connect(const PortList& outputs, const PortList& inputs) {
  if (outputs.size() != inputs.size()) {
    throw std::logic_error("fat-tree wiring: " + std::to_string(outputs.size()) + " outputs for " +
                           std::to_string(inputs.size()) + " inputs");
  }
  for (std::size_t i = 0; i < outputs.size(); ++i) net_.outTarget[outputs[i]] = inputs[i];
}

void NetworkBuilder::connectToEndpoint(std::uint32_t outputPort, std::uint32_t endpoint) {
  net_.outTarget[outputPort] = kEndpointFlag | endpoint;
}

void NetworkBuilder::connectFromEndpoint(std::uint32_t endpoint, int k, std::uint32_t inputPort) {
  net_.endpointUp[endpoint * 2 + static_cast<std::uint32_t>(k)] = inputPort;
}

}  // namespace flit::fattree::detail
