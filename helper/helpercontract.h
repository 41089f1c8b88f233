#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

namespace qs {

/**
 * The helper's D-Bus interface as resources/dbus/org.qdiscstudio.Helper1.xml states it — the one
 * file the clients' proxy is generated from too — compiled into the helper and read at start: the
 * signature of every method's arguments and answers and of every signal. The helper serves no
 * member the file does not name, with no other signature, and answers Introspect with the file.
 */
class HelperContract
{
public:
    struct Method
    {
        QString in;  ///< the arguments' signature, e.g. "ssa{sv}"
        QString out; ///< the answer's
    };

    /** The contract compiled in; the helper refuses to start when it cannot be read (see isValid()). */
    static const HelperContract &compiledIn();
    /** Reads a D-Bus introspection document: the methods and signals of @p interface. */
    static HelperContract fromXml(const QByteArray &xml, const QString &interface);

    bool isValid() const { return !m_methods.isEmpty(); }
    const Method *method(const QString &name) const;
    /** The signal's signature; null when the interface has no such signal. */
    const QString *signal(const QString &name) const;
    QStringList methodNames() const { return m_methods.keys(); }
    /** The document itself, for Introspect. */
    const QByteArray &xml() const { return m_xml; }

private:
    QHash<QString, Method> m_methods;
    QHash<QString, QString> m_signals;
    QByteArray m_xml;
};

} // namespace qs
