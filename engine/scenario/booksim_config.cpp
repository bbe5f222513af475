#include "scenario/booksim_config.h"

#include "scenario/json_fields.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace flit {
namespace {

bool isWordStart(char c) {  // config.l: [A-Za-z_\-/\.]
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '/' || c == '.';
}
bool isWordChar(char c) {  // config.l: [A-Za-z0-9_\-/\.\+(\{\,)\}]
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '/' || c == '.' ||
         c == '+' || c == '(' || c == '{' || c == ',' || c == ')' || c == '}';
}

// A number as config.l has them: -?[0-9]+ (integer), and -?[0-9]*\.[0-9]+
// or -?([0-9]*\.)?[0-9]+([eE][+-]?[0-9]+)? (real). "1." is not one.
bool numberKind(std::string_view t, BooksimValue::Kind& kind) {
  std::size_t i = t.starts_with('-') ? 1 : 0;
  const std::size_t intStart = i;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  const bool intDigits = i > intStart;
  bool real = false;
  if (i < t.size() && t[i] == '.') {
    ++i;
    const std::size_t frac = i;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
    if (i == frac) return false;
    real = true;
  } else if (!intDigits) {
    return false;
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    const std::size_t exp = i;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
    if (i == exp) return false;
    real = true;
  }
  if (i != t.size()) return false;
  kind = real ? BooksimValue::Kind::Real : BooksimValue::Kind::Integer;
  return true;
}

class Reader {
 public:
  Reader(std::string_view text, std::string origin, bool lineNumbers)
      : text_(text), origin_(std::move(origin)), lineNumbers_(lineNumbers) {}

  void readInto(BooksimConfig& config) {
    int statements = 0;
    while (skipSpaceAndComments()) {
      BooksimValue v;
      const int line = line_;
      v.key = token("a key");
      if (!isWordStart(v.key.front()) || !std::all_of(v.key.begin(), v.key.end(), isWordChar))
        fail(line, "expected a key, got '" + v.key + "'");
      expect('=', v.key);
      v.text = token("a value for " + v.key);
      if (!numberKind(v.text, v.kind)) {
        if (v.text.front() == '{') {
          v.kind = BooksimValue::Kind::Word;  // a list, kept as written: {a,b}
        } else if (isWordStart(v.text.front()) && std::all_of(v.text.begin(), v.text.end(), isWordChar)) {
          v.kind = BooksimValue::Kind::Word;
        } else {
          fail(line, v.key + ": '" + v.text + "' is not a number or a word (BookSim2 has no quoted strings)");
        }
      }
      expect(';', v.key);
      v.origin = where(line);
      config.set(std::move(v));
      ++statements;
    }
    if (statements == 0) fail(line_, "no `key = value;` statement");
  }

 private:
  [[noreturn]] void fail(int line, const std::string& reason) const { throw ScenarioError(where(line), reason); }
  std::string where(int line) const {
    return lineNumbers_ ? origin_ + ":" + std::to_string(line) : origin_;
  }

  // Skips blanks and // comments; false at the end of the text.
  bool skipSpaceAndComments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++line_;
        ++pos_;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (text_.substr(pos_, 2) == "//") {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else {
        return true;
      }
    }
    return false;
  }

  // A run of characters up to a blank, '=', ';' or a comment.
  std::string token(const std::string& what) {
    if (!skipSpaceAndComments()) fail(line_, "expected " + what + " before the end");
    const std::size_t start = pos_;
    if (text_[pos_] == '{') {  // config.l: a whole {...} is one token, no blanks inside
      int depth = 0;
      while (pos_ < text_.size()) {
        const char c = text_[pos_++];
        if (c == '{') ++depth;
        if (c == '}' && --depth == 0) break;
        if (c == ' ' || c == '\t' || c == '\n' || c == ';') fail(line_, "a {list} holds no blanks or ';'");
      }
      return std::string(text_.substr(start, pos_ - start));
    }
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '=' || c == ';') break;
      ++pos_;
    }
    if (pos_ == start) fail(line_, "expected " + what + ", got '" + std::string(1, text_[pos_]) + "'");
    return std::string(text_.substr(start, pos_ - start));
  }

  void expect(char c, const std::string& key) {
    if (!skipSpaceAndComments() || text_[pos_] != c)
      fail(line_, key + ": expected '" + std::string(1, c) + "'" +
                      (c == ';' ? " (BookSim2 ends every statement with ';')" : ""));
    ++pos_;
  }

  std::string_view text_;
  std::string origin_;
  bool lineNumbers_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace

long long BooksimValue::integer() const { return std::strtoll(text.c_str(), nullptr, 10); }
double BooksimValue::real() const { return std::strtod(text.c_str(), nullptr); }

const BooksimValue* BooksimConfig::find(std::string_view key) const {
  for (const BooksimValue& v : values)
    if (v.key == key) return &v;
  return nullptr;
}

void BooksimConfig::set(BooksimValue v) {
  for (BooksimValue& old : values) {
    if (old.key == v.key) {
      old = std::move(v);
      return;
    }
  }
  values.push_back(std::move(v));
}

void readBooksimText(BooksimConfig& config, std::string_view text, const std::string& origin) {
  Reader(text, origin, true).readInto(config);
}

void applyBooksimOverride(BooksimConfig& config, std::string_view keyEqualsValue) {
  if (keyEqualsValue.find('=') == std::string_view::npos)
    throw ScenarioError("command line", "'" + std::string(keyEqualsValue) + "': expected key=value");
  const std::string statement = std::string(keyEqualsValue) + ";";  // BookSim2 appends the ';' too
  Reader(statement, "command line: " + std::string(keyEqualsValue), false).readInto(config);
}

}  // namespace flit
