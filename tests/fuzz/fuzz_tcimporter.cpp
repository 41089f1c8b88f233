// Feeds arbitrary bytes to the tc importer. Beyond "no crash, no hang, no sanitizer report" it
// checks the importer's promise: whatever imports cleanly exports to a script that imports back
// to the same trees.
#include "tc/tcexporter.h"
#include "tc/tcimporter.h"

#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

/** Says what did not survive (the export's words are what to look at), then stops like a crash. */
[[noreturn]] void failRoundTrip(const QString &exported, const QString &why)
{
    std::fprintf(stderr, "round trip failed: %s\n--- exported script ---\n%s\n---\n", qPrintable(why), qPrintable(exported));
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 64 * 1024)
        return -1;
    const QString script = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const qs::TcImportResult result = qs::TcImporter::import(script);
    for (const qs::TcScriptError &error : result.errors) {
        if (error.line < 1 || error.column < 1 || error.message.isEmpty())
            std::abort(); // every error must point somewhere and say something
    }
    if (!result.ok())
        return 0;
    for (const qs::QdiscTree &tree : result.trees)
        (void)tree.validate();
    const QString exported = qs::TcExporter::script(result.trees);
    const qs::TcImportResult again = qs::TcImporter::import(exported);
    if (!again.ok() || again.trees.size() != result.trees.size())
        failRoundTrip(exported, again.ok() ? QStringLiteral("another number of trees") : again.errors.first().toString());
    for (const qs::QdiscTree &tree : result.trees) {
        const qs::QdiscTree *back = again.tree(tree.target());
        if (!back || !(*back == tree))
            failRoundTrip(exported, QStringLiteral("the tree of %1 differs").arg(tree.target()));
    }
    return 0;
}
