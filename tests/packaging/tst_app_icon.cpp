// The window sets its icon from qs_app_icon's resource (no SVG image plugin at run time).
#include <QFile>
#include <QImage>
#include <QTest>

class TstAppIcon : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resourceIcon_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("size");
        QTest::newRow("256") << QStringLiteral(":/icons/org.qdiscstudio.QdiscStudio-256.png") << 256;
        QTest::newRow("48") << QStringLiteral(":/icons/org.qdiscstudio.QdiscStudio-48.png") << 48;
    }

    void resourceIcon()
    {
        QFETCH(QString, path);
        QFETCH(int, size);
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const QImage image(path);
        QVERIFY2(!image.isNull(), qPrintable(path));
        QCOMPARE(image.size(), QSize(size, size));
        QVERIFY(image.hasAlphaChannel());
        // The corners are transparent (rounded square), the centre is drawn.
        QCOMPARE(qAlpha(image.pixel(0, 0)), 0);
        QCOMPARE(qAlpha(image.pixel(size / 2, size / 2)), 255);
    }
};

QTEST_GUILESS_MAIN(TstAppIcon)
#include "tst_app_icon.moc"
