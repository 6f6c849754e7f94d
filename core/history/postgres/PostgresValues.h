#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lockscope {

// `text` with every byte that is not part of valid UTF-8 (and every NUL) replaced by '?': what
// PostgreSQL's text columns can hold.
std::string postgresText(std::string_view text);

// The typed values a statement's parameters (PostgresParams) and COPY's rows (PostgresCopyRows)
// are built from, each converted once here; `Values` says only how a converted value is carried
// (put, putNull) and how raw bytes go as bytea (bytes).
template <class Values>
class PostgresValues
{
public:
    Values& integer(long long value) { return self().put(std::to_string(value)); }
    Values& integer(const std::optional<long long>& value) // nullopt: NULL
    {
        return value ? integer(*value) : self().putNull();
    }
    // A text column (our own words: kinds, modes, sources): invalid UTF-8 and NUL become '?'.
    Values& text(std::string_view value) { return self().put(postgresText(value)); }
    Values& boolean(bool value) { return self().put(value ? "t" : "f"); }
    Values& null() { return self().putNull(); }

private:
    Values& self() { return static_cast<Values&>(*this); }
};

} // namespace lockscope
