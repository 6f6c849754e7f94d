#pragma once

#include "support/LockFormats.h"

#include <QtTest>

namespace lockscope::test {

// The rows of a test run once per catalogued lock format: column `sample`, an index into
// LockFormats::samples(), each row named after the format's recogniser.
inline void addLockFormatRows()
{
    QTest::addColumn<int>("sample");
    const auto samples = LockFormats::samples();
    for (size_t i = 0; i < samples.size(); ++i)
        QTest::newRow(samples[i].recognizer.c_str()) << int(i);
}

} // namespace lockscope::test
