#pragma once

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace lockscope {

// One value read from or sent to a history database: NULL, an integer, or bytes (a lock name, a
// holder, a text: both databases' text and blob columns arrive as their raw bytes).
using HistoryValue = std::variant<std::monostate, long long, std::string>;

// The rows of one bounded history read, whichever database answered (HistoryReadStore::read).
// Columns are 0-based; a value of another kind than asked reads as none (0, nullopt, empty).
class HistoryTable
{
public:
    void addRow(std::vector<HistoryValue> row) { m_rows.push_back(std::move(row)); }
    size_t rows() const { return m_rows.size(); }

    bool isNull(size_t row, size_t column) const
    {
        return std::holds_alternative<std::monostate>(value(row, column));
    }
    std::optional<long long> optionalInteger(size_t row, size_t column) const
    {
        const auto* number = std::get_if<long long>(&value(row, column));
        return number ? std::optional<long long>(*number) : std::nullopt;
    }
    long long integer(size_t row, size_t column) const { return optionalInteger(row, column).value_or(0); }
    std::string bytes(size_t row, size_t column) const
    {
        const auto* text = std::get_if<std::string>(&value(row, column));
        return text ? *text : std::string();
    }

private:
    const HistoryValue& value(size_t row, size_t column) const
    {
        static const HistoryValue none;
        const auto& cells = m_rows.at(row);
        return column < cells.size() ? cells[column] : none;
    }

    std::vector<std::vector<HistoryValue>> m_rows;
};

} // namespace lockscope
