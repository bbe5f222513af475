// The memory this process may still take, read before a big machine is
// allocated (issue 41's resource guard: a scenario whose state would not fit
// is refused with the size it needs, never killed by the kernel halfway
// through its allocation), and bytes as a person reads them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace flit {

// The least of: the kernel's MemAvailable (/proc/meminfo), the cgroup's
// memory.max less its memory.current (a container's limit), and the address
// space limit (ulimit -v) less the address space in use. nullopt where none
// of them can be read (the guard then checks nothing).
std::optional<std::uint64_t> availableMemoryBytes();

// "512 B", "840 KiB", "12.5 MiB", "61.2 GiB", "1.50 TiB": three significant
// digits, binary units.
std::string bytesText(std::uint64_t bytes);

}  // namespace flit
