// BookSim2's configuration language (issue 39): `key = value;` statements in
// a file, then `key=value` overrides from the command line, read the way
// BookSim2 reads them (its config.l and config.y; the reference is
// docs/booksim.md): `//` comments to the end of a line, no quoted strings,
// values that are an integer, a real number (`0.1`, `.05`, `5e-2`) or a bare
// word (`uniform`, `tornado(8,2)`, `{0.1,0.2}`), and the `;` required. A
// later statement for the same key replaces an earlier one, and an override
// replaces the file's. What the keys mean is engine/scenario/booksim_import.h.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace flit {

struct BooksimValue {
  enum class Kind { Integer, Real, Word };
  std::string key;
  std::string text;     // as written
  Kind kind = Kind::Word;
  std::string origin;   // "FILE:LINE" or "command line"
  long long integer() const;  // Kind::Integer
  double real() const;        // Kind::Integer or Kind::Real
};

struct BooksimConfig {
  std::vector<BooksimValue> values;  // one per key, in the order first set
  const BooksimValue* find(std::string_view key) const;
  void set(BooksimValue v);  // replaces the key's value, or adds it
};

// Parses one file's text (origin: its name, for "NAME:LINE" in messages).
// Throws ScenarioError("NAME:LINE", reason) on a syntax error.
void readBooksimText(BooksimConfig& config, std::string_view text, const std::string& origin);

// One command-line override, "key=value" (BookSim2 appends the ';').
// Throws ScenarioError("command line", reason).
void applyBooksimOverride(BooksimConfig& config, std::string_view keyEqualsValue);

}  // namespace flit
