#pragma once

#include <QString>
#include <QStringView>
#include <QtGlobal>

#include <vector>

namespace qs {

/**
 * A YAML value of the small subset Kubernetes manifests need: maps that keep the order their keys
 * were inserted in (apiVersion, kind, metadata, spec, as people write them), lists, strings and
 * integers. Written in block style; a string is written plain only where every YAML reader takes
 * it back as that same string, otherwise double-quoted ("10ms", "0.5", "yes", "@every 15s").
 */
class YamlNode
{
public:
    enum class Type { Null, String, Integer, Map, List };

    YamlNode() = default;
    static YamlNode string(const QString &text);
    static YamlNode integer(qint64 number);
    static YamlNode map();
    static YamlNode list();

    /** Appends @p key to a map (a key given twice is written twice: the caller keeps them unique). */
    YamlNode &insert(const QString &key, YamlNode value);
    /** Appends @p value to a list. */
    YamlNode &append(YamlNode value);

    Type type() const { return m_type; }
    const QString &text() const { return m_text; }
    qint64 number() const { return m_number; }
    /** A map's keys and values, or a list's items (keys empty), in order. */
    const std::vector<QString> &keys() const { return m_keys; }
    const std::vector<YamlNode> &values() const { return m_values; }
    /** A map's value for @p key; nullptr when there is none. */
    const YamlNode *value(QStringView key) const;
    qsizetype size() const { return qsizetype(m_values.size()); }

    /** The node as a block of YAML lines, each ending in a newline (a scalar: its one line). */
    QString toYaml() const;
    /** Whether @p text can stand unquoted and read back as the same string. */
    static bool isPlainSafe(QStringView text);
    /** @p text as a YAML scalar: plain when isPlainSafe(), else double-quoted with escapes. */
    static QString scalar(const QString &text);

    friend bool operator==(const YamlNode &, const YamlNode &) = default;

private:
    void write(QString &out, int indent) const;

    Type m_type = Type::Null;
    QString m_text;
    qint64 m_number = 0;
    std::vector<QString> m_keys;
    std::vector<YamlNode> m_values;
};

} // namespace qs
