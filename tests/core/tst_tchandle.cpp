#include "model/tchandle.h"

#include <QTest>

using namespace qs;

class TstTcHandle : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classIds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint32>("raw");
        QTest::addColumn<QString>("printed");
        QTest::newRow("root") << QStringLiteral("root") << true << 0xFFFFFFFFu << QStringLiteral("root");
        QTest::newRow("none") << QStringLiteral("none") << true << 0u << QStringLiteral("none");
        QTest::newRow("1:") << QStringLiteral("1:") << true << 0x10000u << QStringLiteral("1:");
        QTest::newRow("1:0") << QStringLiteral("1:0") << true << 0x10000u << QStringLiteral("1:");
        QTest::newRow("1:10 is hex") << QStringLiteral("1:10") << true << 0x10010u << QStringLiteral("1:10");
        QTest::newRow(":10") << QStringLiteral(":10") << true << 0x10u << QStringLiteral(":10");
        QTest::newRow("ffff:") << QStringLiteral("ffff:") << true << 0xFFFF0000u << QStringLiteral("ffff:");
        QTest::newRow("bare number is the whole id") << QStringLiteral("10010") << true << 0x10010u << QStringLiteral("1:10");
        QTest::newRow("major too big") << QStringLiteral("10000:1") << false << 0u << QString();
        QTest::newRow("minor too big") << QStringLiteral("1:10000") << false << 0u << QString();
        QTest::newRow("garbage") << QStringLiteral("1:x") << false << 0u << QString();
        QTest::newRow("empty") << QString() << false << 0u << QString();
    }

    void classIds()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(quint32, raw);
        QFETCH(QString, printed);
        const auto handle = TcHandle::parseClassId(text);
        QCOMPARE(handle.has_value(), valid);
        if (!valid)
            return;
        QCOMPARE(handle->raw(), raw);
        QCOMPARE(handle->toString(), printed);
        QCOMPARE(TcHandle::parseClassId(printed), handle);
    }

    void qdiscHandles_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<quint32>("raw");
        QTest::newRow("1:") << QStringLiteral("1:") << true << 0x10000u;
        QTest::newRow("1") << QStringLiteral("1") << true << 0x10000u;
        QTest::newRow("1:0") << QStringLiteral("1:0") << true << 0x10000u;
        QTest::newRow("ffff:") << QStringLiteral("ffff:") << true << 0xFFFF0000u;
        QTest::newRow("none") << QStringLiteral("none") << true << 0u;
        // tc would silently drop the minor; we refuse it rather than guess.
        QTest::newRow("1:1 refused") << QStringLiteral("1:1") << false << 0u;
        QTest::newRow("10000:") << QStringLiteral("10000:") << false << 0u;
    }

    void qdiscHandles()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(quint32, raw);
        const auto handle = TcHandle::parseQdiscHandle(text);
        QCOMPARE(handle.has_value(), valid);
        if (valid)
            QCOMPARE(handle->raw(), raw);
    }

    void specialValues()
    {
        QVERIFY(TcHandle::root().isRoot());
        QCOMPARE(TcHandle::ingressParent().toString(), QStringLiteral("ingress"));
        QCOMPARE(TcHandle::ingressHandle().toString(), QStringLiteral("ffff:"));
        QCOMPARE(TcHandle::make(1, 0x10).qdiscPart(), TcHandle::make(1, 0));
        QVERIFY(TcHandle::make(1, 0).isQdiscHandle());
        QVERIFY(!TcHandle::make(1, 1).isQdiscHandle());
    }
};

QTEST_GUILESS_MAIN(TstTcHandle)
#include "tst_tchandle.moc"
