#include "common/JsonWriter.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace lockscope;

class tst_JsonWriter : public QObject
{
    Q_OBJECT

private slots:
    void writesNestedObjectsAndArrays()
    {
        JsonWriter json;
        json.beginObject()
            .key("a")
            .number(1LL)
            .key("b")
            .beginArray()
            .string("x")
            .boolean(true)
            .null()
            .endArray();
        json.key("c").beginObject().endObject().endObject();
        QCOMPARE(json.text(), std::string("{\"a\":1,\"b\":[\"x\",true,null],\"c\":{}}"));
    }

    void escapesQuotesBackslashesAndControls()
    {
        QCOMPARE(JsonWriter::quote("a\"b\\c\n\x01"), std::string("\"a\\\"b\\\\c\\n\\u0001\""));
    }

    void nulBytesAndInvalidUtf8BecomeUnicodeEscapes()
    {
        const std::string raw("k\0\xff\xc3", 4);
        QCOMPARE(JsonWriter::quote(raw), std::string("\"k\\u0000\\u00ff\\u00c3\""));
    }

    void validUtf8PassesThrough()
    {
        QCOMPARE(
            JsonWriter::quote("Schlo\xc3\x9f \xe2\x82\xac"), std::string("\"Schlo\xc3\x9f \xe2\x82\xac\""));
    }

    void outputParsesAsJson()
    {
        JsonWriter json;
        json.beginObject().key(std::string("n\0m", 3)).string(std::string("\xfe\x00", 2)).endObject();
        QJsonParseError error;
        auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(json.text()), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(doc.isObject());
    }

    void optionalNumbersAreNullWhenAbsent()
    {
        JsonWriter json;
        json.beginArray().optionalNumber(std::nullopt).optionalNumber(5LL).endArray();
        QCOMPARE(json.text(), std::string("[null,5]"));
    }
};

QTEST_GUILESS_MAIN(tst_JsonWriter)
#include "tst_JsonWriter.moc"
